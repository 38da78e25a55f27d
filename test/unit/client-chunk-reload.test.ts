import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window } from 'happy-dom';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  loadChunk,
  reloadAfterChunkError,
  type ChunkReloadDeps,
} from '../../src/client/chunk-reload.ts';

const NOW = 1_700_000_000_000;
const TARGET = 'https://ac.localhost/quiz/otc/zip';

let window: Window;
let storage: Storage;
let assigned: string[];
let deps: ChunkReloadDeps;

beforeEach(() => {
  window = new Window({ url: 'https://ac.localhost/' });
  storage = window.sessionStorage;
  assigned = [];
  deps = { storage, now: () => NOW, assign: (href) => assigned.push(href) };
  mock.method(console, 'error', () => undefined);
});

afterEach(async () => {
  mock.restoreAll();
  await window.happyDOM.close();
});

test('the guard is 10000 ms (spec §9), kept in session storage', () => {
  assert.equal(CHUNK_RELOAD_GUARD_MS, 10_000);
  assert.equal(CHUNK_RELOAD_STORAGE_KEY, 'cobrand-chunk-reload');
});

describe('reloadAfterChunkError', () => {
  const cases: Array<[label: string, stored: string | undefined, reloads: boolean]> = [
    ['no earlier reload', undefined, true],
    ['a reload just now', String(NOW), false],
    ['a reload 9999 ms ago', String(NOW - 9_999), false],
    ['a reload 10000 ms ago', String(NOW - 10_000), true],
    ['a reload an hour ago', String(NOW - 3_600_000), true],
    ['a reload stamped in the future (clock set back)', String(NOW + 5_000), true],
    ['an unreadable stamp', 'yesterday', true],
  ];
  for (const [label, stored, reloads] of cases) {
    test(`${label}: ${reloads ? 'reloads' : 'stays'}`, () => {
      if (stored !== undefined) storage.setItem(CHUNK_RELOAD_STORAGE_KEY, stored);
      assert.equal(reloadAfterChunkError(TARGET, deps), reloads);
      assert.deepEqual(assigned, reloads ? [TARGET] : []);
      assert.equal(storage.getItem(CHUNK_RELOAD_STORAGE_KEY), reloads ? String(NOW) : stored, 'a reload records its time');
    });
  }

  test('a second failure within the guard after a reload does not reload again', () => {
    let clock = NOW;
    const timed = { ...deps, now: () => clock };
    assert.equal(reloadAfterChunkError(TARGET, timed), true);
    clock += CHUNK_RELOAD_GUARD_MS - 1;
    assert.equal(reloadAfterChunkError(TARGET, timed), false);
    clock += 1;
    assert.equal(reloadAfterChunkError(TARGET, timed), true);
    assert.equal(assigned.length, 2);
  });

  test('unusable session storage: no reload, since it could not be guarded', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    assert.equal(reloadAfterChunkError(TARGET, { ...deps, storage: blocked }), false);
    assert.deepEqual(assigned, []);
  });
});

describe('isChunkLoadError', () => {
  const cases: Array<[label: string, error: unknown, expected: boolean]> = [
    ['Chromium', new TypeError('Failed to fetch dynamically imported module: https://ac.localhost/assets/step-3f2a.js'), true],
    ['Safari', new TypeError('Importing a module script failed.'), true],
    ['Firefox', new TypeError('error loading dynamically imported module: https://ac.localhost/assets/step-3f2a.js'), true],
    ['a message string', 'Failed to fetch dynamically imported module', true],
    ['an ordinary error', new Error('x is not a function'), false],
    ['a failed fetch', new TypeError('Failed to fetch'), false],
    ['nothing', undefined, false],
    ['an object', { message: 'Importing a module script failed' }, false],
  ];
  for (const [label, error, expected] of cases) test(`${label}: ${expected}`, () => assert.equal(isChunkLoadError(error), expected));
});

describe('loadChunk', () => {
  test('a loaded chunk is returned, no reload', async () => {
    const module = { Step: 'step' };
    assert.equal(await loadChunk(async () => module, TARGET, deps), module);
    assert.deepEqual(assigned, []);
  });

  test('a chunk-load failure reloads the target and rethrows', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    await assert.rejects(loadChunk(() => Promise.reject(failure), TARGET, deps), (error) => error === failure);
    assert.deepEqual(assigned, [TARGET]);
    await assert.rejects(loadChunk(() => Promise.reject(failure), TARGET, deps));
    assert.deepEqual(assigned, [TARGET], 'guarded');
  });

  test('another failure (the module itself threw) is rethrown without a reload', async () => {
    const failure = new Error('boom while evaluating');
    await assert.rejects(loadChunk(() => Promise.reject(failure), TARGET, deps), (error) => error === failure);
    assert.deepEqual(assigned, []);
  });
});
