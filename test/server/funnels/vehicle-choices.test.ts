/**
 * Vehicle choices without JavaScript, over HTTP as a plain browser posts them: the vehicle page
 * lists the data set's years and makes with "Other" and its text box; posting year and make shows
 * it again with the chosen make's models of the chosen year (the no-JavaScript path's one extra
 * screen), without an error; a make or model typed under "Other" is kept, a make not in the list
 * makes the model a text field, and "Other" with nothing typed is refused with the field's
 * message. The insurer list follows "insured: yes" the same way.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { OTHER_CHOICE } from '../../../src/core/funnels/field-input.ts';
import { COMMON_MAKES } from '../../../src/core/funnels/step-library.ts';
import { VEHICLE_CATALOG, VEHICLE_MAKES, modelYearChoices } from '../../../src/core/funnels/vehicles/catalog.ts';
import { modelsOf } from '../../../src/core/funnels/vehicles/models-of.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { funnelById } from '../../../src/core/funnels/index.ts';
import { stepOfFunnel, walkedCookie } from '../../support/no-js-walk.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const HOST = 'tqg.localhost';
const FORM = 'application/x-www-form-urlencoded';
const BASE = '/quiz/auto';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

/** The options of the select named `name` in `html`: [value, label, selected]. */
function selectOptions(html: string, name: string): Array<[string, string, boolean]> {
  const select = new RegExp(`<select [^>]*name="${name}"[^>]*>(.*?)</select>`, 's').exec(html);
  assert.ok(select, `a select named ${name}`);
  return [...select[1]!.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)].map((option) => [/value="([^"]*)"/.exec(option[1]!)![1]!, option[2]!, /selected/.test(option[1]!)]);
}

/** The value attribute of the input named `name`, or undefined when there is none. */
function inputValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input [^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  return input === undefined ? undefined : (/value="([^"]*)"/.exec(input)?.[1] ?? '');
}

/** The form cookie of a visitor who answered every question before the first vehicle (the server takes vehicle posts only from one). */
let walkedToVehicles: Promise<string> | undefined;

/** Posts `fields` to step `step` with `cookie` (by default: a visitor who walked to the vehicles); returns the response and the form cookie it sets. */
async function post(step: string, fields: Record<string, string>, given = '') {
  walkedToVehicles ??= walkedCookie(app, HOST, BASE, `${BASE}/vehicle-1`, stepOfFunnel(funnelById('auto')!, BASE));
  const cookie = given || (await walkedToVehicles);
  const response = await app.inject({ method: 'POST', url: `${BASE}/${step}`, headers: { host: HOST, 'content-type': FORM, ...(cookie ? { cookie } : {}) }, payload: new URLSearchParams(fields).toString() });
  const set = [response.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith(`${COOKIE_BASE_NAMES.form}=`));
  return { response, cookie: set ? set.split(';')[0]! : cookie };
}

async function page(step: string, cookie: string): Promise<string> {
  const response = await app.inject({ url: `${BASE}/${step}`, headers: { host: HOST, cookie } });
  assert.equal(response.statusCode, 200);
  return response.body;
}

/** The error summary's lines (empty when the page shows no error). */
function errorLines(html: string): string[] {
  return [...html.matchAll(/<p id="field-[^"]*-error" class="field-error">(.*?)<\/p>/g)].map((match) => match[1]!);
}

describe('vehicle choices without JavaScript', () => {
  test('the vehicle page lists the years and makes (the most common first), each with "Other" and its text box; the model list waits for them', async () => {
    const html = await page('vehicle-1', '');
    const years = selectOptions(html, 'vehicle1Year');
    assert.deepEqual(years.map(([value]) => value), ['', ...modelYearChoices(), OTHER_CHOICE]);
    assert.deepEqual(years.at(-1), [OTHER_CHOICE, 'Before 1995', false]);
    const makes = selectOptions(html, 'vehicle1Make').map(([value]) => value);
    assert.deepEqual(makes.slice(1, 1 + COMMON_MAKES.length), [...COMMON_MAKES]);
    assert.deepEqual([...makes].sort(), ['', ...VEHICLE_MAKES, OTHER_CHOICE].sort(), 'every make once');
    assert.equal(makes.at(-1), OTHER_CHOICE);
    assert.match(html, /<optgroup label="Most common">/);
    for (const box of ['vehicle1YearOther', 'vehicle1MakeOther']) assert.equal(inputValue(html, box), '', `${box} is in the page, empty`);
    assert.match(html, /<label for="field-vehicle1MakeOther">Not in the list\? Type the make<\/label>/);
    assert.doesNotMatch(html, /name="vehicle1Model"/);
    assert.equal(inputValue(html, '_shown'), 'vehicle1Year vehicle1Make', 'the page says which questions it showed');
  });

  test("year and make posted show the same step again with the chosen make's models of the chosen year, without an error; the model then moves on", async () => {
    const chosen = await post('vehicle-1', { vehicle1Year: '2018', vehicle1Make: 'Toyota', vehicle1YearOther: '', vehicle1MakeOther: '', _shown: 'vehicle1Year vehicle1Make' });
    assert.equal(chosen.response.statusCode, 200, 'the extra screen of the no-JavaScript path');
    const html = chosen.response.body;
    assert.deepEqual(errorLines(html), []);
    assert.doesNotMatch(html, /class="funnel-errors-title"/);
    const models = selectOptions(html, 'vehicle1Model');
    assert.deepEqual(models.map(([value]) => value), ['', ...modelsOf(VEHICLE_CATALOG, 'Toyota', '2018'), OTHER_CHOICE]);
    assert.ok(models.some(([value]) => value === 'Camry') && !models.some(([value]) => value === 'Celica'), 'a 2018 Toyota is a Camry, never a Celica');
    assert.equal(selectOptions(html, 'vehicle1Make').find(([, , selected]) => selected)?.[0], 'Toyota', 'the answers stay chosen');
    assert.equal(inputValue(html, '_shown'), 'vehicle1Year vehicle1Make vehicle1Model');

    const typed = await post('vehicle-1', { vehicle1Year: '2018', vehicle1Make: 'Toyota', vehicle1Model: OTHER_CHOICE, vehicle1ModelOther: 'Camry Hybrid XSE', _shown: 'vehicle1Year vehicle1Make vehicle1Model' }, chosen.cookie);
    assert.equal(typed.response.statusCode, 303);
    assert.equal(typed.response.headers.location, `${BASE}/has-vehicle-2`);
    const again = await page('vehicle-1', typed.cookie);
    assert.equal(selectOptions(again, 'vehicle1Model').find(([, , selected]) => selected)?.[0], OTHER_CHOICE);
    assert.equal(inputValue(again, 'vehicle1ModelOther'), 'Camry Hybrid XSE');
  });

  test('a model the page showed and left empty is refused with its message', async () => {
    const { response } = await post('vehicle-1', { vehicle1Year: '2018', vehicle1Make: 'Toyota', vehicle1Model: '', _shown: 'vehicle1Year vehicle1Make vehicle1Model' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(errorLines(response.body).map((line) => line.replace(/<span[^>]*>.*?<\/span>/, '')), ['Choose the model, or type it (up to 50 characters).']);
  });

  test('a make typed under Other is kept, and its model is a text field', async () => {
    const typed = await post('vehicle-1', { vehicle1Year: '2018', vehicle1Make: OTHER_CHOICE, vehicle1MakeOther: 'Zastava', _shown: 'vehicle1Year vehicle1Make' });
    assert.equal(typed.response.statusCode, 200);
    assert.doesNotMatch(typed.response.body, /<select [^>]*name="vehicle1Model"/);
    assert.equal(inputValue(typed.response.body, 'vehicle1Model'), '');
    const posted = await post('vehicle-1', { vehicle1Year: '2018', vehicle1Make: OTHER_CHOICE, vehicle1MakeOther: 'Zastava', vehicle1Model: 'Koral 55' });
    assert.equal(posted.response.statusCode, 303);
    const vehicle = await page('vehicle-1', posted.cookie);
    assert.equal(selectOptions(vehicle, 'vehicle1Make').find(([, , selected]) => selected)?.[0], OTHER_CHOICE);
    assert.equal(inputValue(vehicle, 'vehicle1MakeOther'), 'Zastava');
    assert.equal(inputValue(vehicle, 'vehicle1Model'), 'Koral 55');
  });

  test('"Other" with nothing typed is refused with the field\'s message, and the choice stays', async () => {
    const { response } = await post('vehicle-1', { vehicle1Year: '2018', vehicle1Make: OTHER_CHOICE, vehicle1MakeOther: ' ', _shown: 'vehicle1Year vehicle1Make' });
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /Choose the make, or type it \(up to 50 characters\)\./);
    assert.equal(selectOptions(response.body, 'vehicle1Make').find(([, , selected]) => selected)?.[0], OTHER_CHOICE);
    assert.equal(selectOptions(response.body, 'vehicle1Year').find(([, , selected]) => selected)?.[0], '2018');
    assert.match(response.body, /<input (?=[^>]*name="vehicle1MakeOther")(?=[^>]*aria-invalid="true")[^>]*>/);
  });
});

describe('a question revealed by an answer, without JavaScript', () => {
  const walkedToInsured = () => walkedCookie(app, HOST, BASE, `${BASE}/insured`, stepOfFunnel(funnelById('auto')!, BASE));

  test('"insured: yes" shows the step again with the insurer list (most common first), without an error; "no" moves on at once', async () => {
    const cookie = await walkedToInsured();
    const yes = await post('insured', { currentlyInsured: 'yes', _shown: 'currentlyInsured' }, cookie);
    assert.equal(yes.response.statusCode, 200);
    assert.deepEqual(errorLines(yes.response.body), []);
    const insurers = selectOptions(yes.response.body, 'currentCompany').map(([value]) => value);
    assert.deepEqual(insurers.slice(1, 9), ['State Farm', 'GEICO', 'Progressive', 'Allstate', 'USAA', 'Liberty Mutual', 'Farmers', 'Nationwide']);
    const chosen = await post('insured', { currentlyInsured: 'yes', currentCompany: 'State Farm', _shown: 'currentlyInsured currentCompany' }, cookie);
    assert.equal(chosen.response.statusCode, 303);
    assert.equal(chosen.response.headers.location, `${BASE}/homeowner`);
    const no = await post('insured', { currentlyInsured: 'no', _shown: 'currentlyInsured' }, chosen.cookie);
    assert.equal(no.response.headers.location, `${BASE}/homeowner`);
    const again = await page('insured', no.cookie);
    assert.doesNotMatch(again, /name="currentCompany"/, 'a no empties the insurer given before');
  });
});
