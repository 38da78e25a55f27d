/**
 * Each brand's default call-in number per environment: BRAND_PHONE_<ID> validated as
 * 10 US digits (a bad value is named by variable and rule, never shown), the fictional 555-01xx
 * numbers only as the development default, production refusing to start without every number,
 * and the configured number in every payload the server builds (page, JSON twin, error page).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { BRAND_IDS } from '../../../brands/ids.ts';
import { BRANDS, brandById } from '../../../brands/index.ts';
import { ConfigError, loadConfig } from '../../../src/server/platform/config/config.ts';
import { BRAND_PHONE_RULE, brandPhoneVariable, brandWithPhone, missingBrandPhones, phonesEnvProblem } from '../../../src/server/marketplace/phones-env.ts';
import type { FastifyInstance } from 'fastify';
import { injectableApp } from '../../../tools/support/server.ts';

/** A real-looking (not 555) number per brand, for a production environment. */
const ALL_PHONES = Object.fromEntries(BRAND_IDS.map((id, index) => [brandPhoneVariable(id), `80046310${String(index).padStart(2, '0')}`]));

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  assert.fail('expected a ConfigError');
}

describe('BRAND_PHONE_<ID> variables', () => {
  test('one variable per brand, named after its id', () => {
    assert.equal(brandPhoneVariable('ac'), 'BRAND_PHONE_AC');
    assert.equal(brandPhoneVariable('bridge'), 'BRAND_PHONE_BRIDGE');
    assert.equal(new Set(BRAND_IDS.map(brandPhoneVariable)).size, BRAND_IDS.length);
  });

  test('10 US digits are accepted; an empty value counts as unset', () => {
    const config = loadConfig({ BRAND_PHONE_AC: '8005550100', BRAND_PHONE_TQG: '' });
    assert.equal(config.vars.BRAND_PHONE_AC, '8005550100');
    assert.equal(config.vars.BRAND_PHONE_TQG, undefined);
  });

  for (const bad of ['212555010', '80055501000', '(800) 555-0100', '800-555-0100', '18005550100', '+18005550100', '0805550100', '8001550100', 'call-me-now']) {
    test(`${JSON.stringify(bad)} is refused, naming the variable and the rule but not the value`, () => {
      const error = configError({ BRAND_PHONE_EMILY: bad });
      assert.deepEqual(error.problems, [`BRAND_PHONE_EMILY: ${BRAND_PHONE_RULE}`]);
      assert.ok(!error.message.includes(bad), 'the value stays out of the message');
    });
  }

  test('every bad number is reported in the one message', () => {
    const error = configError({ BRAND_PHONE_AC: '123', BRAND_PHONE_SD: 'x', PORT: 'eighty' });
    assert.deepEqual(error.problems.map((problem) => problem.split(':')[0]).sort(), ['BRAND_PHONE_AC', 'BRAND_PHONE_SD', 'PORT']);
  });
});

describe('missing numbers by environment', () => {
  test('development and test: the 555-01xx defaults, no problem', () => {
    for (const NODE_ENV of ['development', 'test']) {
      assert.equal(phonesEnvProblem(loadConfig({ NODE_ENV }).vars), undefined, NODE_ENV);
    }
  });

  test('production: one problem listing every missing variable, with the rule', () => {
    const { vars } = loadConfig({ NODE_ENV: 'production', BRAND_PHONE_AC: '8004631000', BRAND_PHONE_WC: '8004631011' });
    const missing = BRAND_IDS.filter((id) => id !== 'ac' && id !== 'wc').map(brandPhoneVariable);
    assert.deepEqual(missingBrandPhones(vars), missing);
    const problem = phonesEnvProblem(vars)!;
    assert.ok(problem.startsWith(`${missing.join(', ')}: required in production`), problem);
    assert.ok(problem.includes(BRAND_PHONE_RULE));
  });

  test('the server refuses to start in production without them, naming every missing one (exit 2)', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const env = { PATH: process.env.PATH, NODE_ENV: 'production', SESSION_KEY: randomBytes(32).toString('hex'), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-phones-')), PORT: '0', BRAND_PHONE_AC: '8004631000' };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(result.status, 2, result.stderr);
    const missing = BRAND_IDS.filter((id) => id !== 'ac').map(brandPhoneVariable);
    assert.ok(result.stderr.includes(`invalid configuration: ${missing.join(', ')}: required in production`), result.stderr);
    assert.equal(result.stderr.trim().split('\n').length, 1, 'one line');
  });

  test('production with every number: no problem', () => {
    assert.equal(phonesEnvProblem(loadConfig({ NODE_ENV: 'production', ...ALL_PHONES }).vars), undefined);
  });

  test('the development defaults are the fictional 555-01xx numbers, distinct per brand', () => {
    for (const brand of BRANDS) assert.match(brand.phone, /^[2-9]\d{2}55501\d{2}$/, brand.id);
    assert.equal(new Set(BRANDS.map((brand) => brand.phone)).size, BRANDS.length);
  });
});

describe('brandWithPhone', () => {
  const ac = brandById('ac')!;

  test('the configured number replaces the default; the brand module is untouched', () => {
    const configured = brandWithPhone(ac, { BRAND_PHONE_AC: '8004631000' });
    assert.equal(configured.phone, '8004631000');
    assert.equal(configured.name, ac.name);
    assert.match(ac.phone, /55501/);
  });

  test('no configured number: the same brand object', () => {
    assert.equal(brandWithPhone(ac, {}), ac);
    assert.equal(brandWithPhone(ac, { BRAND_PHONE_TQG: '8004631007' }), ac);
  });

  test('one copy per brand and number, not one per page', () => {
    const vars = { BRAND_PHONE_AC: '8004631000' };
    assert.equal(brandWithPhone(ac, vars), brandWithPhone(ac, { ...vars }));
    assert.equal(brandWithPhone(ac, { BRAND_PHONE_AC: '8004631099' }).phone, '8004631099');
  });
});

describe('the configured number in what the server sends', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp({ BRAND_PHONE_AC: '8004631000', BRAND_PHONE_ES: 'ignored: no such brand' });
  });
  after(() => app?.close());

  const get = (host: string, url: string, accept = 'text/html') => app.inject({ url, headers: { host: `${host}.localhost:3000`, accept } });

  test('page payload (JSON twin) of the configured brand', async () => {
    const response = await get('ac', '/_payload.json', 'application/json');
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().brand.phone, '8004631000');
  });

  test('the HTML header calls the configured number', async () => {
    const html = (await get('ac', '/')).body;
    assert.match(html, /class="header-phone"[^>]*href="tel:\+18004631000"|href="tel:\+18004631000"[^>]*class="header-phone"/);
    assert.ok(!html.includes('tel:+18005550101'), 'the development default is gone');
  });

  test('a not-found page of the brand shows the configured number too', async () => {
    const response = await get('ac', '/no-such-page');
    assert.equal(response.statusCode, 404);
    assert.ok(response.body.includes('tel:+18004631000'));
  });

  test('a funnel page (Spanish) carries it', async () => {
    const response = await get('ac', '/get-yours-otc-es/_payload.json', 'application/json');
    assert.equal(response.json().brand.phone, '8004631000');
  });

  test('a brand without its variable keeps its development default', async () => {
    const response = await get('tqg', '/_payload.json', 'application/json');
    assert.equal(response.json().brand.phone, brandById('tqg')!.phone);
  });
});
