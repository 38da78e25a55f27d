/**
 * The landing address (spec §3): captured visitor facts are stored and removed from the visible
 * address without a reload, click ids and tracked parameters are kept for the session, and the
 * captured facts pre-fill the funnels through the shared form bucket.
 */
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window } from 'happy-dom';
import { createFormValuesStore } from '../../src/client/form-values.ts';
import { CAPTURED_FORM_NAME, capturedLeadValues, prefillCapturedParams } from '../../src/client/visitor/captured-prefill.ts';
import { captureLandingParams, SESSION_PARAMS_STORAGE_KEY } from '../../src/client/visitor/landing-params.ts';
import type { CapturedParams } from '../../src/core/url-params.ts';

const windows: Window[] = [];
afterEach(() => Promise.all(windows.splice(0).map((window) => window.happyDOM.close())));

function landOn(url: string) {
  const window = new Window({ url });
  windows.push(window);
  window.history.replaceState({ key: 'entry-1' }, '');
  const lengthBefore = window.history.length;
  const landing = () =>
    captureLandingParams({
      location: window.location,
      history: window.history,
      sessionStorage: window.sessionStorage,
    });
  return { window, lengthBefore, landing };
}

const GCLID = 'Cj0KCQjw-abcdefghijklmnop';

describe('captured parameters leave the address', () => {
  const cases: Array<[name: string, url: string, address: string, captured: CapturedParams]> = [
    [
      'a name and a click id: the name goes, the click id stays',
      `https://ac.localhost/quiz/otc?firstname=Ann&gclid=${GCLID}`,
      `https://ac.localhost/quiz/otc?gclid=${GCLID}`,
      { firstname: 'Ann' },
    ],
    [
      'every captured name goes, other parameters stay byte for byte and in order, the hash too',
      'https://ac.localhost/otc-savings?utm_source=fb&firstname=Ann&lastname=Lee&age=67&phone=8005550123&dateofbirth=1958-04-30&device=mobile&devicetype=ios&session_id=s-1&has_medicare=yes&has_medicaid=no&x=a%20b#form',
      'https://ac.localhost/otc-savings?utm_source=fb&x=a%20b#form',
      { firstname: 'Ann', lastname: 'Lee', age: '67', phone: '8005550123', dateofbirth: '1958-04-30', device: 'mobile', devicetype: 'ios', session_id: 's-1', has_medicare: 'yes', has_medicaid: 'no' },
    ],
    ['only captured names: the query string goes entirely', 'https://ac.localhost/?firstname=Ann+Marie', 'https://ac.localhost/', { firstname: 'Ann Marie' }],
    ['an empty captured value is removed but not stored', 'https://ac.localhost/?lastname=&afid=12', 'https://ac.localhost/?afid=12', {}],
  ];
  for (const [name, url, address, captured] of cases) {
    test(name, () => {
      const { window, lengthBefore, landing } = landOn(url);
      assert.deepEqual(landing().captured, captured);
      assert.equal(window.location.href, address);
      assert.equal(window.history.length, lengthBefore, 'the same history entry, replaced');
      assert.deepEqual(window.history.state, { key: 'entry-1' }, "the navigator's history state is kept");
    });
  }

  test('an address without captured parameters is left alone', () => {
    const { window, landing } = landOn(`https://ac.localhost/quiz/otc?gclid=${GCLID}&a=1&`);
    const replaceState = window.history.replaceState.bind(window.history);
    let replaced = 0;
    window.history.replaceState = (...args: Parameters<typeof replaceState>) => (replaced++, replaceState(...args));
    landing();
    assert.equal(replaced, 0);
    assert.equal(window.location.href, `https://ac.localhost/quiz/otc?gclid=${GCLID}&a=1&`);
  });
});

describe('session parameters', () => {
  test('click ids, campaign and tracked parameters are kept in sessionStorage; captured and unknown ones are not', () => {
    const { window, landing } = landOn(`https://ac.localhost/?firstname=Ann&gclid=${GCLID}&utm_campaign=spring&utm_medium=cpc&afid=77&ScCid=sc-1&other=1`);
    const expected = { gclid: GCLID, utm_campaign: 'spring', utm_medium: 'cpc', afid: '77', ScCid: 'sc-1' };
    assert.deepEqual(landing().sessionParams, expected);
    assert.deepEqual(JSON.parse(window.sessionStorage.getItem(SESSION_PARAMS_STORAGE_KEY)!), expected);
  });

  test('a later page without any kept parameter keeps the session ones', () => {
    const { window, landing } = landOn('https://ac.localhost/quiz/otc/zip?firstname=Ann');
    window.sessionStorage.setItem(SESSION_PARAMS_STORAGE_KEY, JSON.stringify({ gclid: GCLID, utm_campaign: 'spring', junk: 'x', utm_source: 5 }));
    assert.deepEqual(landing().sessionParams, { gclid: GCLID, utm_campaign: 'spring' });
  });

  test('a new landing with kept parameters replaces the session set as a whole', () => {
    const { window, landing } = landOn('https://ac.localhost/?fbclid=fb-click-id-000001&utm_source=meta');
    window.sessionStorage.setItem(SESSION_PARAMS_STORAGE_KEY, JSON.stringify({ gclid: GCLID, utm_campaign: 'spring' }));
    const fresh = { fbclid: 'fb-click-id-000001', utm_source: 'meta' };
    assert.deepEqual(landing().sessionParams, fresh, 'no gclid of one ad paired with the campaign of another');
    assert.deepEqual(JSON.parse(window.sessionStorage.getItem(SESSION_PARAMS_STORAGE_KEY)!), fresh);
  });
});

describe('captured facts as funnel answers', () => {
  const cases: Array<[name: string, captured: CapturedParams, values: Record<string, unknown>]> = [
    ['names are trimmed', { firstname: ' Ann ', lastname: 'Lee' }, { driver1FirstName: 'Ann', driver1LastName: 'Lee' }],
    ['ten digits become the masked phone', { phone: '8005550123' }, { driver1Phone: '(800) 555-0123' }],
    ['a +1 number too', { phone: '+1 (800) 555-0123' }, { driver1Phone: '(800) 555-0123' }],
    ['a short phone is dropped', { phone: '555-0123' }, {}],
    ['an ISO date of birth is kept', { dateofbirth: '1958-04-30' }, { driver1Dob: '1958-04-30' }],
    ['a US date of birth is turned around', { dateofbirth: '4/30/1958' }, { driver1Dob: '1958-04-30' }],
    ['an impossible date is dropped', { dateofbirth: '02/30/1958' }, {}],
    ['yes/no spellings', { has_medicare: 'Yes', has_medicaid: '0' }, { haveMedicare: true, haveMedicaid: false }],
    ['true/false and 1/y', { has_medicare: 'true', has_medicaid: 'y' }, { haveMedicare: true, haveMedicaid: true }],
    ['an unreadable yes/no is dropped', { has_medicare: 'maybe' }, {}],
    ['facts without a lead field are not answers', { age: '67', device: 'mobile', devicetype: 'ios', session_id: 's-1' }, {}],
  ];
  for (const [name, captured, values] of cases) test(name, () => assert.deepEqual(capturedLeadValues(captured), values));

  test('pre-fill merges into the shared bucket, never over an answer the visitor gave', () => {
    const window = new Window({ url: 'https://ac.localhost/' });
    windows.push(window);
    const forms = createFormValuesStore(window.localStorage);
    forms.merge('medicare-otc', { haveMedicare: false });
    const merged = prefillCapturedParams(forms, { firstname: 'Ann', has_medicare: 'yes', has_medicaid: 'yes' });
    assert.deepEqual(merged, { driver1FirstName: 'Ann', haveMedicaid: true });
    const { shared, forms: byForm } = forms.getSnapshot();
    assert.deepEqual(shared, { haveMedicare: false, driver1FirstName: 'Ann', haveMedicaid: true });
    assert.deepEqual(byForm[CAPTURED_FORM_NAME], { driver1FirstName: 'Ann', haveMedicaid: true });
    assert.deepEqual(prefillCapturedParams(forms, { firstname: 'Bea' }), {}, 'the name is answered now');
  });
});
