import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window as HappyWindow } from 'happy-dom';
import { FORM_VALUES_STORAGE_KEY, createFormValuesStore } from '../../src/client/form-values.ts';
import { EMPTY_FORM_BUCKETS, formPrefill, mergeFormValues, readFormBuckets } from '../../src/core/funnels/form-buckets.ts';

const windows: HappyWindow[] = [];
afterEach(async () => {
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

function browserWindow() {
  const happy = new HappyWindow({ url: 'https://ac.localhost/quiz/otc/zip' });
  windows.push(happy);
  return happy;
}

describe('form buckets (spec §3 "Form values")', () => {
  test('merging fills the form bucket and the shared bucket; undefined removes a field', () => {
    let buckets = mergeFormValues(EMPTY_FORM_BUCKETS, 'medicare', { zipcode: '33101', haveMedicare: true });
    buckets = mergeFormValues(buckets, 'auto', { zipcode: '90210', homeowner: false });
    assert.deepEqual(buckets.forms, { medicare: { zipcode: '33101', haveMedicare: true }, auto: { zipcode: '90210', homeowner: false } });
    assert.deepEqual(buckets.shared, { zipcode: '90210', haveMedicare: true, homeowner: false });
    buckets = mergeFormValues(buckets, 'medicare', { haveMedicare: undefined });
    assert.deepEqual(buckets.forms.medicare, { zipcode: '33101' });
    assert.deepEqual(buckets.shared, { zipcode: '90210', homeowner: false });
    assert.deepEqual(EMPTY_FORM_BUCKETS, { forms: {}, shared: {} }, 'merging never mutates');
  });

  const prefills: Array<[name: string, forms: Record<string, Record<string, unknown>>, shared: Record<string, unknown>, expected: Record<string, unknown>]> = [
    ['the form bucket wins', { medicare: { zipcode: '33101' } }, { zipcode: '90210', haveMedicaid: false }, { zipcode: '33101', haveMedicaid: false }],
    ['another funnel’s ZIP pre-fills through the shared bucket', { auto: { zipcode: '90210' } }, { zipcode: '90210' }, { zipcode: '90210' }],
    ['invalid stored values are absent', { medicare: { zipcode: '123' } }, { zipcode: 'abcde', haveMedicare: 'yes' }, {}],
    ['an invalid form value lets the valid shared one through', { medicare: { zipcode: '123' } }, { zipcode: '10001' }, { zipcode: '10001' }],
    ["other products' fields are left out", {}, { zipcode: '10001', homeowner: true }, { zipcode: '10001' }],
  ];
  for (const [name, forms, shared, expected] of prefills) {
    test(`pre-fill: ${name}`, () => {
      assert.deepEqual(formPrefill({ forms, shared }, 'medicare', 'medicare'), expected);
    });
  }

  const stored: Array<[raw: unknown, expected: unknown]> = [
    [null, EMPTY_FORM_BUCKETS],
    ['text', EMPTY_FORM_BUCKETS],
    [[1, 2], EMPTY_FORM_BUCKETS],
    [{ forms: [], shared: 3 }, { forms: {}, shared: {} }],
    [{ forms: { medicare: { zipcode: '33101' }, broken: 'x' }, shared: { zipcode: '33101' } }, { forms: { medicare: { zipcode: '33101' } }, shared: { zipcode: '33101' } }],
  ];
  for (const [raw, expected] of stored) {
    test(`reading stored buckets ${JSON.stringify(raw)}`, () => {
      assert.deepEqual(readFormBuckets(raw), expected);
    });
  }
});

describe('the browser form-values store', () => {
  test('persists in localStorage so values survive a reload', () => {
    const window = browserWindow();
    const now = () => Date.parse('2026-03-01T12:00:00Z');
    const store = createFormValuesStore(window.localStorage, window as unknown as Window, now);
    let notified = 0;
    store.subscribe(() => notified++);
    const merged = store.merge('medicare', { zipcode: '33101' });
    assert.equal(notified, 1);
    assert.equal(store.getSnapshot(), merged);
    assert.deepEqual(JSON.parse(window.localStorage.getItem(FORM_VALUES_STORAGE_KEY)!), { storedAt: now(), forms: { medicare: { zipcode: '33101' } }, shared: { zipcode: '33101' } });
    const reloaded = createFormValuesStore(window.localStorage, undefined, now);
    assert.deepEqual(reloaded.getSnapshot(), merged);
  });

  test('the snapshot is stable between changes (useSyncExternalStore contract)', () => {
    const store = createFormValuesStore(browserWindow().localStorage);
    assert.equal(store.getSnapshot(), store.getSnapshot());
  });

  test('unreadable storage starts empty; a failing write keeps the values in memory', () => {
    const window = browserWindow();
    window.localStorage.setItem(FORM_VALUES_STORAGE_KEY, '{not json');
    const full = {
      getItem: (key: string) => window.localStorage.getItem(key),
      removeItem: (key: string) => window.localStorage.removeItem(key),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = createFormValuesStore(full);
    assert.deepEqual(store.getSnapshot(), EMPTY_FORM_BUCKETS);
    store.merge('auto', { homeowner: true });
    assert.deepEqual(store.getSnapshot().shared, { homeowner: true });
    assert.equal(createFormValuesStore(undefined).getSnapshot(), EMPTY_FORM_BUCKETS);
  });

  test('picks up what another tab stored', () => {
    const window = browserWindow();
    const store = createFormValuesStore(window.localStorage, window as unknown as Window);
    let notified = 0;
    store.subscribe(() => notified++);
    window.localStorage.setItem(FORM_VALUES_STORAGE_KEY, JSON.stringify({ storedAt: Date.now(), forms: {}, shared: { zipcode: '60601' } }));
    window.dispatchEvent(new window.StorageEvent('storage', { key: FORM_VALUES_STORAGE_KEY }));
    window.dispatchEvent(new window.StorageEvent('storage', { key: 'something-else' }));
    assert.equal(notified, 1);
    assert.deepEqual(store.getSnapshot().shared, { zipcode: '60601' });
  });
});
