/**
 * Every funnel route walks from its first to its last step on every brand that lists it, over
 * HTTP, the way a visitor without JavaScript does: form posts, 303 redirects, the form cookie.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BRAND_IDS } from '../../../brands/ids.ts';
import { href, ROUTES } from '../../../routes.ts';
import { SKIP_ACTION, STEP_ACTION_FIELD } from '../../../src/core/funnels/constants.ts';
import { funnelById } from '../../../src/core/funnels/index.ts';
import { buildPath } from '../../../src/core/router/pattern.ts';
import { BOOT_DATA_ID } from '../../../src/ui/boot-data.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { answersFor, stepOfFunnel, walkedCookie } from '../../support/no-js-walk.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

const FORM = 'application/x-www-form-urlencoded';

/** The auto funnel's walk, English and Spanish alike: two vehicles and two drivers, then no third of either. */
const AUTO_WALK = {
  steps: [
    'zip', 'insured', 'homeowner',
    'vehicle-1', 'has-vehicle-2', 'vehicle-2', 'has-vehicle-3',
    'driver-1', 'driver-1-details', 'driver-1-credit', 'driver-1-record', 'has-driver-2',
    'driver-2', 'driver-2-details', 'driver-2-credit', 'driver-2-record', 'has-driver-3',
    'address', 'contact', 'result',
  ],
  skip: [],
  posts: { 'has-vehicle-2': 'hasVehicle2=yes', 'has-driver-2': 'hasDriver2=yes' },
};

/**
 * The steps each walk passes through: auto fills two vehicles and two drivers (a yes to "another
 * vehicle?" and "anyone else drive?", then a no to a third of each); health skips the income question.
 */
const WALKS: Record<string, { steps: string[]; skip: string[]; posts?: Record<string, string> }> = {
  medicare: { steps: ['zip', 'medicare', 'medicaid', 'call'], skip: [] },
  'medicare-es': { steps: ['zip', 'medicare', 'medicaid', 'call'], skip: [] },
  ads: { steps: ['zip', 'medicare', 'medicaid', 'ads'], skip: [] },
  'ads-es': { steps: ['zip', 'medicare', 'medicaid', 'ads'], skip: [] },
  'medicare-call': { steps: ['zip', 'call'], skip: [] },
  'medicare-call-es': { steps: ['zip', 'call'], skip: [] },
  auto: AUTO_WALK,
  'auto-es': AUTO_WALK,
  life: { steps: ['zip', 'age', 'coverage', 'tobacco', 'name', 'contact', 'call'], skip: [] },
  'life-es': { steps: ['zip', 'age', 'coverage', 'tobacco', 'name', 'contact', 'call'], skip: [] },
  health: { steps: ['zip', 'age', 'household', 'income', 'insured', 'name', 'contact', 'call'], skip: ['income'] },
  'health-es': { steps: ['zip', 'age', 'household', 'income', 'insured', 'name', 'contact', 'call'], skip: ['income'] },
};

/** The form cookie's `name=value` among a response's Set-Cookie headers (others, e.g. the no-JS visitor ids, may come first). */
function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = (Array.isArray(setCookie) ? setCookie : [setCookie]).find((candidate) => candidate?.startsWith(`${COOKIE_BASE_NAMES.form}=`));
  assert.ok(header !== undefined && header.startsWith(`${COOKIE_BASE_NAMES.form}=`), 'the form cookie is set');
  assert.match(header, /; Path=\/;/);
  assert.match(header, /; SameSite=Lax/);
  return header.split(';')[0]!;
}

function embeddedPayload(html: string): Record<string, unknown> {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json"(?: nonce="[^"]*")?>([^<]*)</script>`).exec(html);
  assert.ok(match, 'boot data embedded');
  return JSON.parse(match[1]!).payload;
}

const funnelRoutes = ROUTES.filter((route) => route.page.form);

test('every funnel a route names has a walk', () => {
  for (const route of funnelRoutes) assert.ok(WALKS[route.page.form!], route.page.form);
});

describe('every funnel route walks to its last step on every listed brand', () => {
  for (const route of funnelRoutes) {
    const funnel = funnelById(route.page.form!)!;
    const walk = WALKS[funnel.id]!;
    const base = buildPath(route.path);
    test(`${route.path} (${funnel.id}) on ${route.brands.join(', ')}`, async () => {
      for (const brand of route.brands) {
        const host = `${brand}.localhost`;
        const first = await app.inject({ url: `${base}?gclid=test-click`, headers: { host } });
        assert.equal(first.statusCode, 200, `${brand} ${base}`);
        let cookie = '';
        for (const [index, name] of walk.steps.slice(0, -1).entries()) {
          const step = funnel.steps.find((candidate) => candidate.name === name)!;
          const payload = walk.posts?.[name] ?? (walk.skip.includes(name) ? `${STEP_ACTION_FIELD}=${SKIP_ACTION}` : answersFor(step));
          const response = await app.inject({
            method: 'POST',
            url: `${base}/${name}?gclid=test-click`,
            headers: { host, 'content-type': FORM, ...(cookie ? { cookie } : {}) },
            payload,
          });
          const next = walk.steps[index + 1]!;
          assert.equal(response.statusCode, 303, `${brand} ${base}/${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          assert.equal(response.headers.location, `${base}/${next}?gclid=test-click`, `${brand} ${base}/${name}`);
          cookie = cookieFrom(response.headers['set-cookie']);
        }
        const last = await app.inject({ url: `${base}/${walk.steps.at(-1)}?gclid=test-click`, headers: { host, cookie } });
        assert.equal(last.statusCode, 200, `${brand} last step`);
        const payload = embeddedPayload(last.body) as { step: { name: string } };
        assert.equal(payload.step.name, walk.steps.at(-1));
        // The visitor's own path from the form cookie's answers: the last of the screens walked, counted in the HTML itself.
        const k = walk.steps.length;
        const progress = funnel.language === 'es' ? `Paso ${k} de ${k}` : `Step ${k} of ${k}`;
        assert.ok(last.body.includes(`<p class="funnel-progress-text" aria-live="polite">${progress}</p>`), `${brand} ${base}: ${progress}`);
      }
    });
  }
});

describe('no-JavaScript form posts', () => {
  const host = 'ac.localhost';

  test('an invalid ZIP re-renders the same step with the error, status 400, and keeps the typed value', async () => {
    for (const [path, message] of [
      [href('quiz-otc', { step: 'zip' }), 'Enter a 5-digit ZIP code.'],
      [href('get-yours-otc-es', { step: 'zip' }), 'Ingrese un código postal de 5 dígitos.'],
    ] as const) {
      const response = await app.inject({ method: 'POST', url: path, headers: { host, 'content-type': FORM }, payload: 'zipcode=3310' });
      assert.equal(response.statusCode, 400, path);
      assert.ok(response.body.includes(message), `${path} shows ${message}`);
      assert.match(response.body, /<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*field-zipcode-error"[^>]*value="3310"/);
      assert.match(response.body, /role="alert"/);
      const setCookies = [response.headers['set-cookie'] ?? []].flat();
      assert.ok(!setCookies.some((header) => header.startsWith(`${COOKIE_BASE_NAMES.form}=`)), 'no form value is stored');
      const payload = embeddedPayload(response.body) as { step: { name: string }; formState: { errors: Record<string, string> } };
      assert.equal(payload.step.name, 'zip');
      assert.deepEqual(payload.formState.errors, { zipcode: message });
    }
  });

  test('a required answer left empty is refused', async () => {
    const cookie = await walkedCookie(app, host, href('quiz-otc', { step: 'zip' }), href('quiz-otc', { step: 'medicare' }), stepOfFunnel(funnelById('medicare')!, href('quiz-otc')));
    const response = await app.inject({ method: 'POST', url: href('quiz-otc', { step: 'medicare' }), headers: { host, 'content-type': FORM, cookie }, payload: '' });
    assert.equal(response.statusCode, 400);
    assert.ok(response.body.includes('Answer yes or no.'));
  });

  test('a ZIP given once is pre-filled in another funnel and on reload', async () => {
    const posted = await app.inject({ method: 'POST', url: href('quiz-otc', { step: 'zip' }), headers: { host, 'content-type': FORM }, payload: 'zipcode=60601' });
    const cookie = cookieFrom(posted.headers['set-cookie']);
    for (const url of [href('quiz-otc', { step: 'zip' }), href('quiz-grocery'), href('ads-es', { step: 'zip' })]) {
      const response = await app.inject({ url, headers: { host, cookie } });
      assert.equal(response.statusCode, 200, url);
      assert.match(response.body, /<input[^>]*name="zipcode"[^>]*value="60601"/, url);
    }
  });

  test('a tampered cookie is ignored, and its invalid values are never shown', async () => {
    for (const cookie of [`${COOKIE_BASE_NAMES.form}=%7Bnot-json`, `${COOKIE_BASE_NAMES.form}=${encodeURIComponent(JSON.stringify({ shared: { zipcode: '<b>1</b>' } }))}`]) {
      const response = await app.inject({ url: href('quiz-otc', { step: 'zip' }), headers: { host, cookie } });
      assert.equal(response.statusCode, 200);
      assert.doesNotMatch(response.body, /<input[^>]*name="zipcode"[^>]*value="[^"]/);
    }
  });

  test('a no to "anyone else drive?" after answering a second and a third driver leaves none of their answers', async () => {
    const tqg = 'tqg.localhost';
    let cookie = '';
    const post = async (step: string, payload: string) => {
      const response = await app.inject({ method: 'POST', url: `/quiz/auto/${step}`, headers: { host: tqg, 'content-type': FORM, ...(cookie ? { cookie } : {}) }, payload });
      assert.equal(response.statusCode, 303, `${step}: ${response.body.slice(0, 200)}`);
      cookie = cookieFrom(response.headers['set-cookie']);
      return response.headers.location;
    };
    // Walked from the start as a visitor would, answering a second and a third driver on the way.
    const auto = funnelById('auto')!;
    cookie = await walkedCookie(app, tqg, '/quiz/auto', '/quiz/auto/has-driver-2', stepOfFunnel(auto, '/quiz/auto'));
    const answers = (name: string) => answersFor(auto.steps.find((step) => step.name === name)!);
    assert.equal(await post('has-driver-2', 'hasDriver2=yes'), '/quiz/auto/driver-2');
    for (const [step, next] of [['driver-2', 'driver-2-details'], ['driver-2-details', 'driver-2-credit'], ['driver-2-credit', 'driver-2-record'], ['driver-2-record', 'has-driver-3']]) {
      assert.equal(await post(step!, answers(step!)), `/quiz/auto/${next}`);
    }
    assert.equal(await post('has-driver-3', 'hasDriver3=yes'), '/quiz/auto/driver-3');
    assert.equal(await post('driver-3', answers('driver-3')), '/quiz/auto/driver-3-details');
    const kept = async () => {
      const page = await app.inject({ url: '/quiz/auto/address', headers: { host: tqg, cookie } });
      const values = (embeddedPayload(page.body) as { formState?: { values: Record<string, unknown> } }).formState?.values ?? {};
      return Object.keys(values).filter((field) => /^(driver[23]|hasDriver)/.test(field));
    };
    const before = await kept();
    for (const field of ['hasDriver2', 'driver2FirstName', 'driver2MilitaryAffiliation', 'hasDriver3', 'driver3FirstName']) assert.ok(before.includes(field), `${field} kept before the no`);
    assert.equal(await post('has-driver-2', 'hasDriver2=no'), '/quiz/auto/address');
    assert.deepEqual(await kept(), ['hasDriver2']);
  });

  test('skip on a step that is not skippable is an ordinary submit', async () => {
    const response = await app.inject({ method: 'POST', url: href('quiz-otc', { step: 'zip' }), headers: { host, 'content-type': FORM }, payload: `${STEP_ACTION_FIELD}=${SKIP_ACTION}` });
    assert.equal(response.statusCode, 400);
  });

  test('posting to the bare funnel path submits the first step; an end screen just shows again', async () => {
    const bare = await app.inject({ method: 'POST', url: href('quiz-otc'), headers: { host, 'content-type': FORM }, payload: 'zipcode=33101' });
    assert.equal(bare.statusCode, 303);
    assert.equal(bare.headers.location, href('quiz-otc', { step: 'medicare' }));
    const end = await app.inject({ method: 'POST', url: href('quiz-otc', { step: 'call' }), headers: { host, 'content-type': FORM }, payload: '' });
    assert.equal(end.statusCode, 303);
    assert.equal(end.headers.location, href('quiz-otc', { step: 'call' }));
  });

  test('a funnel path on a brand that does not list it is not found, for posts too', async () => {
    const unlisted = BRAND_IDS.find((brand) => !ROUTES.find((route) => route.path === '/quiz/auto/{step?}')!.brands.includes(brand))!;
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: href('quiz-auto', { step: 'zip' }), headers: { host: `${unlisted}.localhost`, 'content-type': FORM }, payload: 'zipcode=33101' });
      assert.equal(response.statusCode, 404, method);
    }
  });

  test('the step pages still have their JSON twins for client navigation', async () => {
    for (const url of [`${href('quiz-otc')}/_payload.json`, `${href('quiz-otc', { step: 'zip' })}/_payload.json`]) {
      const response = await app.inject({ url, headers: { host } });
      assert.equal(response.statusCode, 200, url);
      assert.equal(response.json().step.name, 'zip');
    }
  });

  test('an oversized post is refused', async () => {
    const response = await app.inject({ method: 'POST', url: href('quiz-otc', { step: 'zip' }), headers: { host, 'content-type': FORM }, payload: `zipcode=${'1'.repeat(20000)}` });
    assert.equal(response.statusCode, 413);
  });
});
