/**
 * `cobrand leads consent ID` with the consent step's HTML, run in-process on SQLite and
 * PostgreSQL: the proof with its build and HTML sha256, the re-render's verdict ("matches", or
 * "differs" naming the current build and its sha256), --json with the re-render, --html printing
 * the stored bytes, and the refusals (unknown id, no proof, no stored HTML, --html with --json).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { EXIT_CODES } from '../../../cli/exit-codes.ts';
import { renderConsentStep } from '../../../src/server/leads/consent-document.tsx';
import type { ConsentProof, NewLead, Store } from '../../../src/server/platform/store/index.ts';
import { TQG_AUTO_CONSENT } from '../../../tools/support/auto-lead.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { cobrandInProcess } from '../../support/cli.ts';

/** The build id the test's client build folder names as current. */
const CURRENT_BUILD = 'build-now-7f3a';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const rendered = renderConsentStep({ brandId: 'tqg', route: 'quiz-auto', funnel: 'auto' });
if (!rendered.ok) throw new Error(`tqg's auto consent step does not render: ${rendered.problem}`);
const STEP = rendered;

/** A document kept by an older build whose markup differed: another hash. */
const OLD_HTML = STEP.html.replace('funnel-continue', 'funnel-continue funnel-continue-old');

const PROOF: ConsentProof = {
  text: TQG_AUTO_CONSENT.text,
  version: sha256(TQG_AUTO_CONSENT.text),
  buttonLabel: TQG_AUTO_CONSENT.buttonLabel,
  pageUrl: 'https://thequoteguide.com/quiz/auto/contact',
  consentedAt: '2026-11-20T15:04:05.000Z',
  ip: '198.51.100.23',
  userAgent: 'Mozilla/5.0',
  htmlSha256: STEP.sha256,
  buildId: 'build-then-01',
};

/** The proof of a lead captured before consent documents were kept. */
const { htmlSha256: _hash, buildId: _build, ...PROOF_BEFORE_DOCUMENTS } = PROOF;

function lead(id: string, consent: ConsentProof | null, route = 'quiz-auto'): NewLead {
  return {
    id,
    brandId: 'tqg',
    route,
    funnel: 'auto',
    product: 'auto',
    language: 'en',
    anonymousId: `anon-${id}`,
    sessionId: `session-${id}`,
    fields: { zipcode: '33101', driver1Email: 'consent.cli@example.com' },
    consent,
    status: 'captured',
    createdAt: '2026-11-20T15:04:05.000Z',
  };
}

/** Leads: one whose HTML this build renders the same, one kept by an older markup, one from before documents were kept, one without consent, one whose route is gone. */
const LEADS: NewLead[] = [
  lead('lead-same', PROOF),
  lead('lead-old', { ...PROOF, htmlSha256: sha256(OLD_HTML) }),
  lead('lead-before', PROOF_BEFORE_DOCUMENTS),
  lead('lead-none', null),
  lead('lead-gone', PROOF, 'quiz-auto-retired'),
  lead('lead-lost', { ...PROOF, htmlSha256: 'e'.repeat(64) }),
];

for (const dialect of STORE_DIALECTS) {
  describe(`cobrand leads consent with the consent step's HTML (${dialect})`, () => {
    let target: StoreTarget;
    let store: Store;
    let dist: string;
    const run = (...args: string[]) => cobrandInProcess(['leads', 'consent', ...args, '--dist', dist], { openStore: () => target.open(), actor: () => 'test-operator' });
    before(async () => {
      dist = mkdtempSync(join(tmpdir(), 'cobrand-consent-dist-'));
      mkdirSync(join(dist, 'builds/meta'), { recursive: true });
      writeFileSync(join(dist, 'builds/latest.json'), JSON.stringify({ id: CURRENT_BUILD, timestamp: 0 }));
      writeFileSync(join(dist, 'builds/meta', `${CURRENT_BUILD}.json`), JSON.stringify({ id: CURRENT_BUILD, timestamp: 0 }));
      target = createStoreTarget(dialect);
      store = await target.open();
      await store.saveConsentDocument({ sha256: STEP.sha256, html: STEP.html, buildId: 'build-then-01', firstSeenAt: PROOF.consentedAt });
      await store.saveConsentDocument({ sha256: sha256(OLD_HTML), html: OLD_HTML, buildId: 'build-older-00', firstSeenAt: PROOF.consentedAt });
      for (const row of LEADS) await store.createLead(row);
    });
    after(async () => {
      await store?.close();
      await target?.cleanup();
      rmSync(dist, { recursive: true, force: true });
    });

    test('the proof with its build and HTML sha256; the current build renders the same step: matches', async () => {
      const result = await run('lead-same');
      assert.equal(result.code, EXIT_CODES.ok, result.stderr);
      for (const expected of [
        /^consented at\s+2026-11-20T15:04:05\.000Z$/m,
        /^button label\s+Get my quotes$/m,
        /^page url\s+https:\/\/thequoteguide\.com\/quiz\/auto\/contact$/m,
        new RegExp(`^version\\s+${PROOF.version}$`, 'm'),
        /^build\s+build-then-01$/m,
        new RegExp(`^html sha256\\s+${STEP.sha256}$`, 'm'),
        /^text\s+By clicking "Get my quotes"/m,
        new RegExp(`^re-rendered\\s+matches \\(current build ${CURRENT_BUILD}\\)$`, 'm'),
      ]) {
        assert.match(result.stdout, expected);
      }
    });

    test('a document kept by other markup: differs, naming the current build and the sha256 it renders', async () => {
      const result = await run('lead-old');
      assert.equal(result.code, EXIT_CODES.ok, result.stderr);
      assert.match(result.stdout, new RegExp(`^html sha256\\s+${sha256(OLD_HTML)}$`, 'm'));
      assert.match(result.stdout, new RegExp(`^re-rendered\\s+differs: current build ${CURRENT_BUILD} renders sha256 ${STEP.sha256}$`, 'm'));
    });

    test('a route the current build no longer has: differs, saying it cannot render it', async () => {
      const result = await run('lead-gone');
      assert.equal(result.code, EXIT_CODES.ok, result.stderr);
      assert.match(result.stdout, /^re-rendered\s+differs: current build build-now-7f3a cannot render it \(route 'quiz-auto-retired' is not a route of brand 'tqg' in this build\)$/m);
    });

    test('a lead captured before documents were kept: no build or hash, nothing compared', async () => {
      const result = await run('lead-before');
      assert.equal(result.code, EXIT_CODES.ok, result.stderr);
      assert.match(result.stdout, /^build\s+-$/m);
      assert.match(result.stdout, /^html sha256\s+-$/m);
      assert.match(result.stdout, /^re-rendered\s+not compared: the proof keeps no HTML hash/m);
    });

    test('--json: the proof as stored, with the re-render', async () => {
      const cases: Array<[string, object]> = [
        ['lead-same', { buildId: CURRENT_BUILD, htmlSha256: STEP.sha256, matches: true }],
        ['lead-old', { buildId: CURRENT_BUILD, htmlSha256: STEP.sha256, matches: false }],
      ];
      for (const [id, rerender] of cases) {
        const result = await run(id, '--json');
        assert.equal(result.code, EXIT_CODES.ok, result.stderr);
        const { rerender: shown, ...proof } = JSON.parse(result.stdout) as ConsentProof & { rerender: unknown };
        assert.deepEqual(proof, (await store.getLead(id))!.consent, id);
        assert.deepEqual(shown, rerender, id);
      }
    });

    test('--html: the stored bytes exactly, whose sha256 is the proof’s', async () => {
      for (const [id, html] of [
        ['lead-same', STEP.html],
        ['lead-old', OLD_HTML],
      ] as const) {
        const result = await run(id, '--html');
        assert.equal(result.code, EXIT_CODES.ok, result.stderr);
        assert.equal(result.stdout, html);
        assert.equal(sha256(result.stdout), (await store.getLead(id))!.consent!.htmlSha256);
      }
    });

    const refused: Array<[string[], number, RegExp]> = [
      [['nope'], EXIT_CODES.problems, /^no lead with id 'nope'$/m],
      [['nope', '--html'], EXIT_CODES.problems, /^no lead with id 'nope'$/m],
      [['lead-none'], EXIT_CODES.problems, /^lead 'lead-none' has no consent proof/m],
      [['lead-before', '--html'], EXIT_CODES.problems, /^lead 'lead-before' keeps no consent step HTML: it was captured before consent documents were kept$/m],
      [['lead-lost', '--html'], EXIT_CODES.problems, new RegExp(`^lead 'lead-lost' names consent document ${'e'.repeat(64)}, which is not in the store$`, 'm')],
      [['lead-same', '--html', '--json'], EXIT_CODES.usage, /give --html or --json, not both/],
    ];
    for (const [args, code, message] of refused) {
      test(`leads consent ${args.join(' ')}: exit ${code} saying why`, async () => {
        const result = await run(...args);
        assert.equal(result.code, code);
        assert.match(result.stderr, message);
        assert.equal(result.stdout, '');
      });
    }

    test('no client build in --dist: the current build is unknown, the render is still compared', async () => {
      const empty = mkdtempSync(join(tmpdir(), 'cobrand-consent-nodist-'));
      try {
        const result = await cobrandInProcess(['leads', 'consent', 'lead-old', '--dist', empty], { openStore: () => target.open() });
        assert.equal(result.code, EXIT_CODES.ok, result.stderr);
        assert.match(result.stdout, new RegExp(`^re-rendered\\s+differs: current build \\(unknown: no client build found\\) renders sha256 ${STEP.sha256}$`, 'm'));
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    });
  });
}
