/**
 * Honest copy, as the server sends it: a brand that is not an agency (emily, tqg, ps,
 * bh, m10, bridge, and the internal ccc) claims no licensed agent of its own, in either language,
 * on any screen of its site: every page, and every step of every funnel, end screens inside and
 * outside working hours; its end screens say instead who answers its calls, the licensed insurance
 * agency it works with. Agency brands still say "licensed agent" where a call is offered.
 * The end screens' client-only words (a lead stored or failed, no ads) are checked for every brand
 * in test/unit/honest-copy.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BRANDS } from '../../../brands/index.ts';
import type { Brand } from '../../../brands/types.ts';
import { ROUTES } from '../../../routes.ts';
import { LICENSED_AGENT_CLAIM } from '../../fixtures/licensed-agent-claims.ts';
import { htmlText, siteScreens, type SiteScreen } from '../../fixtures/site-screens.ts';
import { INSIDE_WORKING_HOURS, OUTSIDE_WORKING_HOURS, startTestServer, type TestServer } from '../../support/server.ts';

let server: TestServer;
/** The time the server judges working hours by; each request reads it. */
let clock = INSIDE_WORKING_HOURS;

before(async () => {
  server = await startTestServer({}, { now: () => clock });
});
after(() => server?.close());

/** The text of `path` on `brand`'s site at `at` (server HTML, the embedded payload included), and its status. */
async function screenText(brand: Brand, path: string, at: Date): Promise<{ status: number; text: string }> {
  clock = at;
  const response = await server.app.inject({ url: path, headers: { host: `${brand.id}.localhost` } });
  return { status: response.statusCode, text: htmlText(response.body) };
}

/** The times a screen is read at: end screens' words follow working hours, so both; other screens once. */
function clocksFor(screen: SiteScreen): Date[] {
  return screen.step && screen.step.kind !== 'form' ? [INSIDE_WORKING_HOURS, OUTSIDE_WORKING_HOURS] : [INSIDE_WORKING_HOURS];
}

const hours = (at: Date) => (at === INSIDE_WORKING_HOURS ? 'inside hours' : 'outside hours');

describe('a brand that is not an agency claims no licensed agent, on any screen', () => {
  const others = BRANDS.filter((brand) => !brand.isAgency);
  test('the brands the issue names are among them', () => {
    for (const id of ['emily', 'tqg', 'ps', 'bh', 'm10', 'bridge']) assert.ok(others.some((brand) => brand.id === id), id);
  });

  for (const brand of others) {
    test(`${brand.id}: every page and every funnel step, end screens inside and outside working hours`, async () => {
      const claims: string[] = [];
      let read = 0;
      for (const screen of siteScreens(brand.id)) {
        for (const at of clocksFor(screen)) {
          const { status, text } = await screenText(brand, screen.path, at);
          assert.ok(status < 500, `${screen.path}: ${status}`);
          read++;
          const claim = LICENSED_AGENT_CLAIM.exec(text);
          if (claim) claims.push(`${screen.path} (${hours(at)}): "…${text.slice(Math.max(0, claim.index - 60), claim.index + 60)}…"`);
        }
      }
      assert.deepEqual(claims, []);
      assert.ok(read >= 10, `read ${read} screens`);
    });
  }

  // What it says instead: who answers its calls, in the page's language.
  const AGENCY_WE_WORK_WITH = { english: 'a licensed insurance agency we work with', spanish: 'una agencia de seguros autorizada con la que trabajamos' } as const;
  for (const brand of others.filter((candidate) => ROUTES.some((route) => route.page.form && route.brands.includes(candidate.id)))) {
    test(`${brand.id}: every end screen says a licensed insurance agency it works with answers`, async () => {
      for (const screen of siteScreens(brand.id).filter((candidate) => candidate.step && candidate.step.kind !== 'form')) {
        for (const at of clocksFor(screen)) {
          const { text } = await screenText(brand, screen.path, at);
          assert.ok(text.toLowerCase().includes(AGENCY_WE_WORK_WITH[screen.language]), `${screen.path} (${hours(at)})`);
        }
      }
    });
  }
});

describe('an agency brand still says licensed agent where it offers a call', () => {
  const agencies = BRANDS.filter((brand) => brand.isAgency);
  // The call box's label; inside working hours on the ads screen it offers the agent right away.
  const SAYS = {
    english: /Call a licensed insurance agent, free:|You can talk to a licensed insurance agent right away\./,
    spanish: /Llame gratis a un agente de seguros autorizado:|Hable ahora mismo con un agente de seguros autorizado\./,
  } as const;
  const HOURS = { english: /Licensed agents are available Monday to Friday/, spanish: /Los agentes autorizados atienden de lunes a viernes/ } as const;
  for (const brand of agencies) {
    test(`${brand.id}: the call box of every funnel's end screen, and the hours outside them`, async () => {
      // One route per funnel the brand runs: the end screen is the funnel's, whichever route shows it.
      const seen = new Set<string>();
      const ends = siteScreens(brand.id).filter((screen) => {
        if (!screen.step || screen.step.kind === 'form' || seen.has(screen.route.page.form!)) return false;
        seen.add(screen.route.page.form!);
        return true;
      });
      assert.ok(ends.length >= 1);
      for (const screen of ends) {
        assert.match((await screenText(brand, screen.path, INSIDE_WORKING_HOURS)).text, SAYS[screen.language], screen.path);
        assert.match((await screenText(brand, screen.path, OUTSIDE_WORKING_HOURS)).text, HOURS[screen.language], screen.path);
      }
    });
  }
});
