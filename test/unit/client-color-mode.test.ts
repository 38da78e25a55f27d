import { afterEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window as HappyWindow } from 'happy-dom';
import { startColorMode } from '../../src/client/color-mode.ts';
import { COLOR_MODE_ATTRIBUTE, COLOR_MODE_STORAGE_KEY, type ColorModeState } from '../../src/core/color-mode.ts';

const windows: HappyWindow[] = [];

afterEach(async () => {
  mock.restoreAll();
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

/** A page whose OS reports the given colour scheme, with an optional stored preference. */
function page(system: 'light' | 'dark', stored?: string) {
  const happy = new HappyWindow({ url: 'https://ac.localhost/', settings: { device: { prefersColorScheme: system } } });
  windows.push(happy);
  if (stored !== undefined) happy.localStorage.setItem(COLOR_MODE_STORAGE_KEY, stored);
  const window = happy as unknown as Window;
  return {
    happy,
    window,
    root: window.document.documentElement,
    /** The visitor switches the OS setting; happy-dom re-evaluates media queries on resize. */
    switchSystem: (scheme: 'light' | 'dark') => {
      happy.happyDOM.settings.device.prefersColorScheme = scheme;
      happy.dispatchEvent(new happy.Event('resize'));
    },
  };
}

function assertApplied(root: HTMLElement, value: 'light' | 'dark') {
  assert.equal(root.getAttribute(COLOR_MODE_ATTRIBUTE), value);
  assert.equal(root.style.colorScheme, value);
}

describe('colour mode at start', () => {
  const cases: Array<[stored: string | undefined, system: 'light' | 'dark', preference: string, value: 'light' | 'dark']> = [
    [undefined, 'light', 'system', 'light'],
    [undefined, 'dark', 'system', 'dark'],
    ['system', 'dark', 'system', 'dark'],
    ['dark', 'light', 'dark', 'dark'],
    ['light', 'dark', 'light', 'light'],
    ['purple', 'dark', 'system', 'dark'],
  ];
  for (const [stored, system, preference, value] of cases) {
    test(`stored ${stored ?? 'nothing'}, OS ${system}: preference ${preference}, applied ${value}`, () => {
      const { window, root } = page(system, stored);
      const colorMode = startColorMode({ window });
      assert.deepEqual(colorMode.state, { preference, value, unknown: false });
      assertApplied(root, value);
    });
  }

  test('a page-forced mode wins over the stored preference and the OS', () => {
    const { window, root } = page('light', 'light');
    const colorMode = startColorMode({ window, forced: 'dark' });
    assert.deepEqual(colorMode.state, { preference: 'light', value: 'dark', unknown: false, forced: 'dark' });
    assertApplied(root, 'dark');
  });

  test('an injected storage is read instead of the window\'s', () => {
    const { window, root } = page('light', 'light');
    const other = new HappyWindow({ url: 'https://ac.localhost/' });
    windows.push(other);
    other.localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    startColorMode({ window, storage: other.localStorage as unknown as Storage });
    assertApplied(root, 'dark');
  });
});

describe('colour mode changes', () => {
  test('preference system follows the OS setting live', () => {
    const { window, root, switchSystem } = page('light');
    const colorMode = startColorMode({ window });
    const seen: Array<ColorModeState['value']> = [];
    colorMode.subscribe((state) => seen.push(state.value));
    switchSystem('dark');
    assert.equal(colorMode.state.value, 'dark');
    assertApplied(root, 'dark');
    switchSystem('light');
    assertApplied(root, 'light');
    assert.deepEqual(seen, ['dark', 'light']);
  });

  test('an explicit preference ignores the OS setting', () => {
    const { window, root, switchSystem } = page('light', 'light');
    startColorMode({ window });
    switchSystem('dark');
    assertApplied(root, 'light');
  });

  test('setPreference stores the preference and applies it at once', () => {
    const { window, root } = page('light');
    const colorMode = startColorMode({ window });
    const listener = mock.fn();
    const unsubscribe = colorMode.subscribe(listener);
    colorMode.setPreference('dark');
    assert.equal(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY), 'dark');
    assertApplied(root, 'dark');
    assert.equal(listener.mock.callCount(), 1);
    colorMode.setPreference('dark');
    assert.equal(listener.mock.callCount(), 1, 'no change, no notification');
    unsubscribe();
    colorMode.setPreference('system');
    assert.equal(window.localStorage.getItem(COLOR_MODE_STORAGE_KEY), 'system');
    assertApplied(root, 'light');
    assert.equal(listener.mock.callCount(), 1, 'unsubscribed');
  });

  test('a forced mode overrides, ignores the OS, and is released by setForced(undefined)', () => {
    const { window, root, switchSystem } = page('light');
    const colorMode = startColorMode({ window });
    colorMode.setForced('dark');
    assert.equal(colorMode.state.forced, 'dark');
    assertApplied(root, 'dark');
    switchSystem('dark');
    switchSystem('light');
    assertApplied(root, 'dark');
    colorMode.setPreference('light');
    assertApplied(root, 'dark');
    colorMode.setForced(undefined);
    assert.equal(colorMode.state.forced, undefined);
    assertApplied(root, 'light');
  });

  test('the state is a new object after each change (a valid store snapshot)', () => {
    const { window } = page('light');
    const colorMode = startColorMode({ window });
    const before = colorMode.state;
    colorMode.setPreference('dark');
    assert.notEqual(colorMode.state, before);
    assert.equal(before.value, 'light');
  });

  test('another tab storing a preference is followed', () => {
    const { happy, window, root } = page('light');
    startColorMode({ window });
    happy.dispatchEvent(new happy.StorageEvent('storage', { key: COLOR_MODE_STORAGE_KEY, newValue: 'dark', storageArea: happy.localStorage }));
    assertApplied(root, 'dark');
    happy.dispatchEvent(new happy.StorageEvent('storage', { key: 'unrelated', newValue: 'light', storageArea: happy.localStorage }));
    assertApplied(root, 'dark');
  });

  test('a full storage still applies the choice for this page view', () => {
    const { window, root } = page('light');
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const warn = mock.method(console, 'warn', () => undefined);
    const colorMode = startColorMode({ window, storage: full });
    colorMode.setPreference('dark');
    assertApplied(root, 'dark');
    assert.equal(warn.mock.callCount(), 1);
  });

  const invalid: Array<[string, () => void]> = [
    ['an unknown preference', () => startColorMode({ window: page('light').window }).setPreference('sepia' as 'dark')],
    ['a forced system mode', () => startColorMode({ window: page('light').window }).setForced('system' as 'dark')],
  ];
  for (const [label, call] of invalid) test(`rejects ${label} with a clear error`, () => assert.throws(call, TypeError));
});
