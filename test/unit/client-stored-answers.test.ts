/**
 * The visitor's answers in localStorage after a lead and over time: once the lead is sent every
 * personal field leaves storage (and stays out of later writes) while the page keeps it in memory
 * for its end screen; every stored entry carries its time and is dropped 30 days after it was
 * first stored.
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window as HappyWindow } from 'happy-dom';
import { FORM_VALUES_STORAGE_KEY, createFormValuesStore } from '../../src/client/form-values.ts';
import { withoutPersonalAnswers } from '../../src/client/visitor/forget-personal.ts';
import { STORED_ENTRY_MAX_AGE_MS, readTimedObject } from '../../src/client/visitor/stored-json.ts';

const windows: HappyWindow[] = [];
afterEach(async () => {
  await Promise.all(windows.splice(0).map((window) => window.happyDOM.close()));
});

function browserWindow() {
  const happy = new HappyWindow({ url: 'https://ac.localhost/quiz/auto/contact' });
  windows.push(happy);
  return happy;
}

const T0 = Date.parse('2026-03-01T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;

/** Fields a lead holds, personal or not, by the one list in core/leads/personal.ts. */
const PERSONAL_ANSWERS: Record<string, unknown> = {
  driver1FirstName: 'Ana',
  driver1LastName: 'Ruiz',
  driver2FirstName: 'Luis',
  driver1Email: 'ana.ruiz@example.com',
  driver1Phone: '(555) 123-4567',
  driver1Address: '1 Main St',
  driver1Address2: 'Apt 2',
  driver1Dob: '1960-04-02',
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana.ruiz@example.com',
  phone: '(555) 123-4567',
  address: '1 Main St',
  dateOfBirth: '1960-04-02',
};
const OTHER_ANSWERS: Record<string, unknown> = {
  zipcode: '33101',
  haveMedicare: true,
  driver1Gender: 'female',
  vehicle1Make: 'Honda',
  currentCompany: 'Geico',
  homeowner: false,
};

function storedEntry(window: HappyWindow): Record<string, unknown> {
  return JSON.parse(window.localStorage.getItem(FORM_VALUES_STORAGE_KEY) ?? 'null') as Record<string, unknown>;
}

describe('after the lead is sent (storeOnly with the personal-data rules)', () => {
  for (const [field, value] of Object.entries(PERSONAL_ANSWERS)) {
    test(`${field} leaves every stored bucket and stays in memory`, () => {
      const window = browserWindow();
      const store = createFormValuesStore(window.localStorage, undefined, () => T0);
      store.merge('auto', { [field]: value, zipcode: '33101' });
      store.storeOnly(withoutPersonalAnswers);
      const stored = storedEntry(window);
      assert.deepEqual(stored, { storedAt: T0, forms: { auto: { zipcode: '33101' } }, shared: { zipcode: '33101' } });
      assert.equal(store.getSnapshot().shared[field], value, 'the end screen still reads it');
      assert.equal(store.getSnapshot().forms.auto?.[field], value);
    });
  }

  for (const [field, value] of Object.entries(OTHER_ANSWERS)) {
    test(`${field} stays stored`, () => {
      const window = browserWindow();
      const store = createFormValuesStore(window.localStorage, undefined, () => T0);
      store.merge('auto', { [field]: value, driver1Email: 'ana.ruiz@example.com' });
      store.storeOnly(withoutPersonalAnswers);
      assert.deepEqual(storedEntry(window), { storedAt: T0, forms: { auto: { [field]: value } }, shared: { [field]: value } });
    });
  }

  test('a later answer of the same page is stored without the personal ones the page still holds', () => {
    const window = browserWindow();
    const store = createFormValuesStore(window.localStorage, undefined, () => T0);
    store.merge('auto', PERSONAL_ANSWERS);
    store.storeOnly(withoutPersonalAnswers);
    store.merge('medicare', { ...OTHER_ANSWERS, firstName: 'Bea' });
    const stored = storedEntry(window);
    assert.deepEqual(stored.shared, OTHER_ANSWERS);
    assert.deepEqual(stored.forms, { auto: {}, medicare: OTHER_ANSWERS });
    assert.equal(store.getSnapshot().shared.firstName, 'Bea');
  });

  test('the next page starts without them', () => {
    const window = browserWindow();
    const store = createFormValuesStore(window.localStorage, undefined, () => T0);
    store.merge('auto', { ...PERSONAL_ANSWERS, ...OTHER_ANSWERS });
    store.storeOnly(withoutPersonalAnswers);
    const next = createFormValuesStore(window.localStorage, undefined, () => T0 + DAY_MS);
    assert.deepEqual(next.getSnapshot().shared, OTHER_ANSWERS);
  });
});

describe('stored entries expire 30 days after they were first stored', () => {
  const ages: { name: string; age: number; kept: boolean }[] = [
    { name: 'a day old', age: DAY_MS, kept: true },
    { name: 'a moment under 30 days old', age: STORED_ENTRY_MAX_AGE_MS - 1, kept: true },
    { name: 'exactly 30 days old', age: STORED_ENTRY_MAX_AGE_MS, kept: false },
    { name: '31 days old', age: STORED_ENTRY_MAX_AGE_MS + DAY_MS, kept: false },
    { name: 'from the future (a clock set back)', age: -DAY_MS, kept: false },
  ];
  for (const { name, age, kept } of ages) {
    test(`an entry ${name} is ${kept ? 'read' : 'dropped from storage'}`, () => {
      const window = browserWindow();
      window.localStorage.setItem(FORM_VALUES_STORAGE_KEY, JSON.stringify({ storedAt: T0, forms: {}, shared: OTHER_ANSWERS }));
      const store = createFormValuesStore(window.localStorage, undefined, () => T0 + age);
      assert.deepEqual(store.getSnapshot().shared, kept ? OTHER_ANSWERS : {});
      assert.equal(window.localStorage.getItem(FORM_VALUES_STORAGE_KEY) !== null, kept);
    });
  }

  test('an entry without a time (an older build wrote it) is dropped', () => {
    const window = browserWindow();
    window.localStorage.setItem(FORM_VALUES_STORAGE_KEY, JSON.stringify({ forms: {}, shared: PERSONAL_ANSWERS }));
    assert.deepEqual(createFormValuesStore(window.localStorage, undefined, () => T0).getSnapshot().shared, {});
    assert.equal(window.localStorage.getItem(FORM_VALUES_STORAGE_KEY), null);
  });

  test('writing again keeps the first time: answering every day does not keep answers for ever', () => {
    const window = browserWindow();
    let now = T0;
    const store = createFormValuesStore(window.localStorage, undefined, () => now);
    store.merge('auto', { zipcode: '33101' });
    now = T0 + 29 * DAY_MS;
    store.merge('auto', { homeowner: true });
    assert.equal(storedEntry(window).storedAt, T0);
    now = T0 + 30 * DAY_MS;
    assert.deepEqual(createFormValuesStore(window.localStorage, undefined, () => now).getSnapshot(), { forms: {}, shared: {} });
  });

  test('a timed object reads back with its time, or not at all', () => {
    const window = browserWindow();
    window.localStorage.setItem('some-key', JSON.stringify({ storedAt: T0, a: 1 }));
    assert.deepEqual(readTimedObject(window.localStorage, 'some-key', T0 + 1), { storedAt: T0, a: 1 });
    for (const storedAt of ['2026-03-01', null, Number.NaN]) {
      window.localStorage.setItem('some-key', JSON.stringify({ storedAt, a: 1 }));
      assert.equal(readTimedObject(window.localStorage, 'some-key', T0), undefined, String(storedAt));
    }
  });
});
