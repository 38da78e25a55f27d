/**
 * Vehicle choices without JavaScript, over HTTP as a plain browser posts them: the year
 * and make page lists the data set's years and makes with "Other" and its text box; the model page
 * that follows lists the chosen make's models of the chosen year, built by the server from the
 * answers the form cookie keeps; a make or model typed under "Other" is kept, a make not in the
 * list makes the model a text field, and "Other" with nothing typed is refused with the field's
 * message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { OTHER_CHOICE } from '../../../src/core/funnels/field-input.ts';
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

describe('vehicle choices without JavaScript', () => {
  test('the first vehicle page lists the years and makes of the data set, each with "Other" and its text box', async () => {
    const html = await page('vehicle-1', '');
    const years = selectOptions(html, 'vehicle1Year');
    assert.deepEqual(years.map(([value]) => value), ['', ...modelYearChoices(), OTHER_CHOICE]);
    assert.deepEqual(years.at(-1), [OTHER_CHOICE, 'Before 1995', false]);
    const makes = selectOptions(html, 'vehicle1Make');
    assert.deepEqual(makes.map(([value]) => value), ['', ...VEHICLE_MAKES, OTHER_CHOICE]);
    assert.deepEqual(makes.at(-1), [OTHER_CHOICE, 'Other make', false]);
    for (const box of ['vehicle1YearOther', 'vehicle1MakeOther']) assert.equal(inputValue(html, box), '', `${box} is in the page, empty`);
    assert.match(html, /<label for="field-vehicle1MakeOther">Not in the list\? Type the make<\/label>/);
  });

  test("the model page lists the chosen make's models of the chosen year; a model typed under Other is kept and shown again", async () => {
    const chosen = await post('vehicle-1', { vehicle1Year: '2018', vehicle1Make: 'Toyota', vehicle1YearOther: '', vehicle1MakeOther: '' });
    assert.equal(chosen.response.statusCode, 303);
    assert.equal(chosen.response.headers.location, `${BASE}/vehicle-1-model`);
    const models = selectOptions(await page('vehicle-1-model', chosen.cookie), 'vehicle1Model');
    assert.deepEqual(models.map(([value]) => value), ['', ...modelsOf(VEHICLE_CATALOG, 'Toyota', '2018'), OTHER_CHOICE]);
    assert.ok(models.some(([value]) => value === 'Camry') && !models.some(([value]) => value === 'Celica'), 'a 2018 Toyota is a Camry, never a Celica');

    const typed = await post('vehicle-1-model', { vehicle1Model: OTHER_CHOICE, vehicle1ModelOther: 'Camry Hybrid XSE' }, chosen.cookie);
    assert.equal(typed.response.statusCode, 303);
    assert.equal(typed.response.headers.location, `${BASE}/vehicle-2`);
    const again = await page('vehicle-1-model', typed.cookie);
    assert.equal(selectOptions(again, 'vehicle1Model').find(([, , selected]) => selected)?.[0], OTHER_CHOICE);
    assert.equal(inputValue(again, 'vehicle1ModelOther'), 'Camry Hybrid XSE');
  });

  test('a make typed under Other is kept, and its model is a text field', async () => {
    const typed = await post('vehicle-1', { vehicle1Year: '2018', vehicle1Make: OTHER_CHOICE, vehicle1MakeOther: 'Zastava' });
    assert.equal(typed.response.statusCode, 303);
    const vehicle = await page('vehicle-1', typed.cookie);
    assert.equal(selectOptions(vehicle, 'vehicle1Make').find(([, , selected]) => selected)?.[0], OTHER_CHOICE);
    assert.equal(inputValue(vehicle, 'vehicle1MakeOther'), 'Zastava');
    const model = await page('vehicle-1-model', typed.cookie);
    assert.doesNotMatch(model, /<select [^>]*name="vehicle1Model"/);
    assert.equal(inputValue(model, 'vehicle1Model'), '');
    const posted = await post('vehicle-1-model', { vehicle1Model: 'Koral 55' }, typed.cookie);
    assert.equal(posted.response.statusCode, 303);
  });

  test('"Other" with nothing typed is refused with the field\'s message, and the choice stays', async () => {
    const { response } = await post('vehicle-1', { vehicle1Year: '2018', vehicle1Make: OTHER_CHOICE, vehicle1MakeOther: ' ' });
    assert.equal(response.statusCode, 400);
    assert.match(response.body, /Choose the make, or type it \(up to 50 characters\)\./);
    assert.equal(selectOptions(response.body, 'vehicle1Make').find(([, , selected]) => selected)?.[0], OTHER_CHOICE);
    assert.equal(selectOptions(response.body, 'vehicle1Year').find(([, , selected]) => selected)?.[0], '2018');
    assert.match(response.body, /<input (?=[^>]*name="vehicle1MakeOther")(?=[^>]*aria-invalid="true")[^>]*>/);
  });
});
