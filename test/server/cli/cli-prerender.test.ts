/**
 * `cobrand prerender`, in-process, held to a running server (tools/support/server.ts) on the same
 * clock: over every site brand it writes one payload per route x brand (each funnel step too), each
 * file byte for byte what the server answers for `{path}/_payload.json`; `--html` writes the
 * document the server renders for a crawler (its CSP nonce aside); with `--store` published pages
 * and articles are in, an article whose stored fields no longer validate exits 1 naming it; bad
 * brands and routes exit 2 naming them; `--json` prints the summary.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BRAND_IDS } from '../../../brands/ids.ts';
import { PRERENDER_NONCE, type PrerenderSummary } from '../../../cli/prerender.ts';
import { ROUTES } from '../../../routes.ts';
import { payloadPath } from '../../../src/core/contract/paths.ts';
import { INSIDE_WORKING_HOURS, startTestServer, type TestServer } from '../../../tools/support/server.ts';
import { withStore } from '../../../tools/support/store-targets.ts';
import { cobrandInProcess } from '../../support/cli.ts';

const DIST = fileURLToPath(new URL('../../../dist', import.meta.url));
const AT = INSIDE_WORKING_HOURS.toISOString();
const SITE_BRANDS = BRAND_IDS.filter((id) => id !== 'ccc');

/** A GET on the test server as `brand`'s host; every request from an address of its own, so the page rate limit never answers. */
let requests = 0;
function get(server: TestServer, brand: string, url: string, headers: http.OutgoingHttpHeaders = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  requests++;
  const from = `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`;
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: server.port, path: url, headers: { host: `${brand}.localhost`, 'x-forwarded-for': from, ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
  });
}

/** `cobrand prerender ...args --json` into `out` at the test server's clock; the summary parsed. */
async function prerender(out: string, args: string[], options: Parameters<typeof cobrandInProcess>[1] = {}) {
  const run = await cobrandInProcess(['prerender', '--out', out, '--dist', DIST, '--at', AT, '--json', ...args], options);
  return { ...run, summary: run.stdout === '' ? undefined : (JSON.parse(run.stdout) as PrerenderSummary) };
}

describe('cobrand prerender over every site brand', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'cobrand-prerender-'));
  let server: TestServer;
  let summary: PrerenderSummary;
  before(async () => {
    server = await startTestServer();
    const run = await prerender(out, []);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.summary);
    summary = run.summary;
  });
  after(async () => {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  });

  test('one payload per route x brand: every route a site brand serves is written or skipped with a reason', () => {
    const written = new Set(summary.pages.map((page) => `${page.brand} ${page.route}`));
    const skipped = new Map(summary.skipped.map((entry) => [`${entry.brand} ${entry.route}`, entry.reason]));
    for (const brand of SITE_BRANDS) {
      for (const route of ROUTES.filter((candidate) => candidate.brands.includes(brand))) {
        const key = `${brand} ${route.name}`;
        assert.ok(written.has(key) !== skipped.has(key), `${key}: written or skipped, once`);
      }
    }
    // Without a store no brand has an article; nothing else is left out.
    assert.deepEqual([...new Set(summary.skipped.map((entry) => entry.route))].sort(), ['articles-slug', 'reviews-slug']);
    assert.ok(summary.skipped.every((entry) => entry.reason.endsWith('no published article')));
    assert.equal(summary.payloads, summary.pages.length);
    assert.deepEqual(summary.failed, []);
    assert.ok(!summary.pages.some((page) => page.brand === 'ccc'), 'the control center is staff-only, never prerendered');
  });

  test('a funnel is written at its bare address and at every step; a legal text at its bare address', () => {
    const paths = (brand: string, route: string) => summary.pages.filter((page) => page.brand === brand && page.route === route).map((page) => page.path);
    assert.deepEqual(paths('ac', 'quiz-otc'), ['/quiz/otc', '/quiz/otc/zip', '/quiz/otc/medicare', '/quiz/otc/medicaid', '/quiz/otc/call']);
    assert.deepEqual(paths('tqg', 'tos'), ['/tos']);
    assert.deepEqual(paths('ac', 'index'), ['/']);
    assert.equal(summary.pages.find((page) => page.brand === 'ac' && page.path === '/')?.payload, 'ac/_payload.json');
  });

  test('each file parses and is byte for byte what the server answers for its payload address', async () => {
    for (const page of summary.pages) {
      const file = readFileSync(path.join(out, page.payload), 'utf8');
      const parsed = JSON.parse(file) as { kind: string; status: number; path: string; buildId: string };
      assert.deepEqual([parsed.kind, parsed.status, parsed.path, parsed.buildId], ['page', 200, page.path, summary.buildId], page.payload);
      const answer = await get(server, page.brand, payloadPath(page.path));
      assert.equal(answer.status, 200, page.payload);
      assert.equal(file, answer.body, `${page.payload} differs from the server's answer`);
    }
  });
});

describe('cobrand prerender --brand ac --route quiz-otc --html', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'cobrand-prerender-html-'));
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  });

  test("writes that route's documents: the server's document for a crawler, with the nonce placeholder where the server writes its nonce", async () => {
    const run = await prerender(out, ['--brand', 'ac', '--route', 'quiz-otc', '--html']);
    assert.equal(run.code, 0, run.stderr);
    const pages = run.summary?.pages ?? [];
    assert.deepEqual(pages.map((page) => page.html), ['ac/quiz/otc/index.html', 'ac/quiz/otc/zip/index.html', 'ac/quiz/otc/medicare/index.html', 'ac/quiz/otc/medicaid/index.html', 'ac/quiz/otc/call/index.html']);
    assert.equal(run.summary?.html, pages.length);
    assert.ok(!existsSync(path.join(out, 'tqg')), 'only the brand asked for');
    for (const page of pages) {
      const html = readFileSync(path.join(out, page.html ?? ''), 'utf8');
      const answer = await get(server, 'ac', page.path, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', accept: 'text/html' });
      assert.equal(answer.status, 200);
      const nonce = /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1];
      assert.ok(nonce, 'the server answers with a nonce');
      assert.ok(html.includes(`nonce="${PRERENDER_NONCE}"`));
      assert.equal(html, answer.body.replaceAll(nonce, PRERENDER_NONCE), `${page.html} differs from the server's document`);
    }
  });
});

describe('cobrand prerender --store: published content, and a page that fails its check', () => {
  test('published page fields and articles are in, as the server shows them; an article whose stored fields do not validate exits 1 naming brand and route', () =>
    withStore('sqlite', async (store, target) => {
      const by = 'staff@example.com';
      await store.saveContentVersion({ kind: 'page', branch: 'ac', itemKey: 'quiz-otc', fields: { headline: 'Published headline' }, baseVersion: 0, by });
      await store.publishContentVersion('page', 'ac', 'quiz-otc', 1, by);
      await store.saveContentVersion({ kind: 'article', branch: 'emily', itemKey: 'plain-words', fields: { title: 'Medicare in plain words', summary: 'A summary.', body: 'Text.', author: 'Staff' }, baseVersion: 0, by });
      await store.publishContentVersion('article', 'emily', 'plain-words', 1, by);
      const out = mkdtempSync(path.join(tmpdir(), 'cobrand-prerender-store-'));
      const server = await startTestServer({ DATA_DIR: target.options.dataDir });
      try {
        const run = await prerender(out, ['--store', '--route', 'quiz-otc'], { openStore: () => target.open() });
        assert.equal(run.code, 0, run.stderr);
        const otc = JSON.parse(readFileSync(path.join(out, 'ac/quiz/otc/_payload.json'), 'utf8')) as { page: { headline: string } };
        assert.equal(otc.page.headline, 'Published headline');
        const articles = await prerender(out, ['--store', '--brand', 'emily', '--route', 'articles-slug'], { openStore: () => target.open() });
        assert.equal(articles.code, 0, articles.stderr);
        assert.deepEqual(articles.summary?.pages.map((page) => page.payload), ['emily/articles/plain-words/_payload.json']);
        for (const [brand, file, address] of [['ac', 'ac/quiz/otc/_payload.json', '/quiz/otc'], ['emily', 'emily/articles/plain-words/_payload.json', '/articles/plain-words']] as const) {
          assert.equal(readFileSync(path.join(out, file), 'utf8'), (await get(server, brand, payloadPath(address))).body, file);
        }

        // A running experiment: one file cannot split visitors, so the page is the published one, and the summary says so.
        await store.createExperiment({ key: 'otc-headline', branch: 'ac', name: 'OTC headline', routes: ['quiz-otc'], variants: [{ key: 'control', weight: 50, overrides: {} }, { key: 'b', weight: 50, overrides: { headline: 'Variant B' } }], by });
        await store.setExperimentStatus('ac', 'otc-headline', 'running', 1);
        const experiment = await prerender(out, ['--store', '--brand', 'ac', '--route', 'quiz-otc'], { openStore: () => target.open() });
        assert.equal(experiment.code, 0, experiment.stderr);
        assert.deepEqual(experiment.summary?.experiments, [{ brand: 'ac', route: 'quiz-otc', experiment: 'otc-headline' }]);
        assert.match(experiment.stderr, /^note: ac quiz-otc runs experiment otc-headline: written as the published page, without a variant/m);
        const withoutVariant = JSON.parse(readFileSync(path.join(out, 'ac/quiz/otc/_payload.json'), 'utf8')) as { page: { headline: string }; experiment?: unknown };
        assert.deepEqual([withoutVariant.page.headline, withoutVariant.experiment], ['Published headline', undefined]);

        // A hand-edited row: saved and published without the editor's validation.
        await store.saveContentVersion({ kind: 'article', branch: 'emily', itemKey: 'broken-row', fields: { title: '' }, baseVersion: 0, by });
        await store.publishContentVersion('article', 'emily', 'broken-row', 1, by);
        const broken = await prerender(out, ['--store', '--brand', 'emily', '--route', 'articles-slug'], { openStore: () => target.open() });
        assert.equal(broken.code, 1);
        assert.match(broken.stderr, /^emily articles-slug \/articles\/broken-row: the server answers error 404, not a page$/m);
        assert.match(broken.stderr, /^1 page failed its check and was not written$/m);
        assert.deepEqual(broken.summary?.failed.map((failure) => failure.path), ['/articles/broken-row']);
        assert.ok(!existsSync(path.join(out, 'emily/articles/broken-row')), 'a failed page is not written');
        assert.deepEqual(broken.summary?.pages.map((page) => page.path), ['/articles/plain-words'], 'the others still are');
      } finally {
        await server.close();
        rmSync(out, { recursive: true, force: true });
      }
    }));
});

describe('cobrand prerender without --json', () => {
  test('at a terminal: a progress bar on stderr, erased at the end; the line saying what was written on stdout', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'cobrand-prerender-tty-'));
    try {
      const run = await cobrandInProcess(['prerender', '--brand', 'ac', '--route', 'quiz-otc', '--out', out, '--dist', DIST], { stderrIsTTY: true });
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /\rprerendering \[#{24}\] 5\/5 pages 100%/);
      assert.ok(run.stderr.endsWith('\r\x1b[K'), 'the bar is erased');
      assert.equal(run.stdout, `wrote 5 payloads for 1 brand to ${out}\n`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

describe('cobrand prerender refuses what it cannot prerender', { concurrency: true }, () => {
  const out = path.join(tmpdir(), 'cobrand-prerender-never-written');
  const cases: { args: string[]; code: number; message: RegExp }[] = [
    { args: ['--brand', 'zz'], code: 2, message: /unknown brand 'zz'/ },
    { args: ['--brand', 'ccc'], code: 2, message: /'ccc' is the control center/ },
    { args: ['--route', 'no-such-route'], code: 2, message: /unknown route 'no-such-route'/ },
    { args: ['--brand', 'tqg', '--route', 'quiz-otc'], code: 2, message: /--route: tqg does not serve 'quiz-otc'/ },
    { args: ['--route', 'cc-pages'], code: 2, message: /--route: no site brand serves 'cc-pages'/ },
    { args: ['--at', 'tomorrow'], code: 2, message: /'tomorrow' is not an ISO 8601 time/ },
    { args: ['--dist', path.join(out, 'no-build')], code: 1, message: /--dist: No client build at .*no-build/ },
  ];
  for (const { args, code, message } of cases) {
    test(`${args.join(' ')}: exit ${code}`, async () => {
      const run = await cobrandInProcess(['prerender', '--out', out, ...args]);
      assert.equal(run.code, code, run.stderr);
      assert.match(run.stderr, message);
      assert.equal(run.stdout, '');
      assert.ok(!existsSync(out), 'nothing is written');
    });
  }
});
