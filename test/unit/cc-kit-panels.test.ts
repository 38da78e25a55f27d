/**
 * The panel layout rules of spec §8/§9 (src/ui/control-center/kit/panel-layout.ts): a total other
 * than 100 % is warned about and normalised, the splitter steps 10 % (100 % with Shift) within
 * 0–100, and a layout is saved 100 ms after the last change, not before (fake timers).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PANEL_LAYOUT_SAVE_DEBOUNCE_MS } from '../../src/core/control-center/ui-constants.ts';
import { debouncedLayoutSaver, keyboardStep, layoutStorageKey, moveSplitter, normaliseLayout, readSavedLayout } from '../../src/ui/control-center/kit/panel-layout.ts';

/** A Storage stand-in recording writes. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { writes: [] as string[], getItem: (key: string) => items.get(key) ?? null, setItem(key: string, value: string) { this.writes.push(value); items.set(key, value); } };
}

describe('panel layout totals', () => {
  test('a layout totalling 100 % is kept as it is, without a warning', (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const layout = { a: 65, b: 35 };
    assert.equal(normaliseLayout(layout), layout);
    assert.equal(warn.mock.callCount(), 0);
  });

  const cases: Array<[name: string, layout: Record<string, number>, expected: Record<string, number>]> = [
    ['too small', { a: 30, b: 20 }, { a: 60, b: 40 }],
    ['too large', { a: 150, b: 50 }, { a: 75, b: 25 }],
    ['all zero', { a: 0, b: 0 }, { a: 50, b: 50 }],
  ];
  for (const [name, layout, expected] of cases) {
    test(`a layout ${name} is normalised to 100 % with a console warning`, (t) => {
      const warn = t.mock.method(console, 'warn', () => undefined);
      assert.deepEqual(normaliseLayout(layout), expected);
      assert.equal(warn.mock.callCount(), 1);
      assert.match(String(warn.mock.calls[0]!.arguments[0]), /not 100%/);
    });
  }

  test('a saved layout is read back normalised; a corrupt one is ignored', (t) => {
    t.mock.method(console, 'warn', () => undefined);
    assert.deepEqual(readSavedLayout(memoryStorage({ [layoutStorageKey('g')]: '{"a":10,"b":10}' }), 'g'), { a: 50, b: 50 });
    for (const bad of ['not json', '[1,2]', '{"a":"x"}', '{}', '{"a":-5,"b":105}']) assert.equal(readSavedLayout(memoryStorage({ [layoutStorageKey('g')]: bad }), 'g'), undefined, bad);
  });
});

describe('the splitter keyboard step', () => {
  test('10 % per key, 100 % with Shift, kept within 0–100', () => {
    assert.equal(keyboardStep(false), 10);
    assert.equal(keyboardStep(true), 100);
    const ids = ['a', 'b'] as const;
    assert.deepEqual(moveSplitter({ a: 65, b: 35 }, ids, -keyboardStep(false)), { a: 55, b: 45 });
    assert.deepEqual(moveSplitter({ a: 65, b: 35 }, ids, keyboardStep(true)), { a: 100, b: 0 });
    assert.deepEqual(moveSplitter({ a: 65, b: 35 }, ids, -keyboardStep(true)), { a: 0, b: 100 });
  });
});

describe('saving a layout', () => {
  test('written once, 100 ms after the last change', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const storage = memoryStorage();
    const saver = debouncedLayoutSaver(storage, 'g');
    saver.save({ a: 60, b: 40 });
    t.mock.timers.tick(PANEL_LAYOUT_SAVE_DEBOUNCE_MS - 1);
    saver.save({ a: 50, b: 50 });
    t.mock.timers.tick(PANEL_LAYOUT_SAVE_DEBOUNCE_MS - 1);
    assert.deepEqual(storage.writes, [], 'nothing before 100 ms of quiet');
    t.mock.timers.tick(1);
    assert.deepEqual(storage.writes, ['{"a":50,"b":50}']);
    assert.equal(PANEL_LAYOUT_SAVE_DEBOUNCE_MS, 100);
  });
});
