/**
 * The HTTP contract (src/core/contract/) is the one place paths are spelled: no other file under
 * src/ or cli/ has a string literal starting with '/api/' or naming '_payload.json', and the
 * server registers exactly the /api/ endpoints the contract lists, with the same methods.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import type { RouteOptions } from 'fastify';
import { API_ENDPOINTS, API_PREFIX, buildMetaPath, ENDPOINTS, payloadPagePath, payloadPath, PAYLOAD_SUFFIX, routePath } from '../../src/core/contract/index.ts';
import { registeredRoutes } from '../support/routes.ts';
import { injectableApp } from '../../tools/support/server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CONTRACT_DIR = path.join(ROOT, 'src/core/contract');
const SCANNED_DIRS = ['src', 'cli'].map((dir) => path.join(ROOT, dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(CONTRACT_DIR + path.sep))
    .sort();
}

/** A literal starting with the API prefix, or any code (comments are gone) naming the payload twin. */
const SPELLED_PATH = new RegExp(`(["'\`])${API_PREFIX.replace(/\//g, '\\/')}|_payload\\.json`, 'g');

/**
 * Where `file` spells a contract path in code, as `file:line: text`. The source is compiled
 * first, which drops comments and types, so documentation may still name paths: only what the
 * program itself holds counts.
 */
function spelledPaths(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const { code } = transformSync(source, { loader: file.endsWith('.tsx') ? 'tsx' : 'ts', jsx: 'preserve', legalComments: 'none', sourcefile: file });
  const found: string[] = [];
  for (const match of code.matchAll(SPELLED_PATH)) {
    // The literal (or code) around the match, to show and to find the source line by.
    const start = match.index;
    const lineStart = code.lastIndexOf('\n', start) + 1;
    const lineEnd = code.indexOf('\n', start);
    const text = code.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).trim();
    const needle = match[1] ? code.slice(start + 1, code.indexOf(match[1], start + 1)).split('${')[0]! : '_payload.json';
    const at = source.split('\n').findIndex((line) => line.includes(needle) && !/^\s*(\*|\/\/|\/\*)/.test(line));
    found.push(`${path.relative(ROOT, file)}:${at === -1 ? '?' : at + 1}: ${text.slice(0, 160)}`);
  }
  return found;
}

describe('the HTTP contract is the one place paths are spelled', () => {
  test('no file under src/ or cli/ outside src/core/contract spells an /api/ path or a _payload.json twin', () => {
    const files = SCANNED_DIRS.flatMap(sourceFiles);
    assert.ok(files.length > 50, `scanned ${files.length} files`);
    const spelled = files.flatMap(spelledPaths);
    assert.deepEqual(spelled, [], `import the path from src/core/contract instead:\n  ${spelled.join('\n  ')}`);
  });

  test('the scan sees literals and template literals, not comments', () => {
    const sample = [
      "/** POST /api/event/create, {path}/_payload.json */",
      "const a = '/api/one';",
      'const b = `/api/two/${a}`;',
      "// '/api/three'",
      "const c = `${a}/_payload.json`;",
    ].join('\n');
    const { code } = transformSync(sample, { loader: 'ts', legalComments: 'none' });
    assert.deepEqual([...code.matchAll(SPELLED_PATH)].map((match) => match[0]), ['"/api/', '`/api/', '_payload.json']);
  });
});

describe('the server registers exactly the /api/ endpoints of the contract', () => {
  test('every /api/ route is in the contract, and every contract endpoint under /api/ is a route', async () => {
    const app = await injectableApp();
    try {
      const registered = registeredRoutes(app.printRoutes({ commonPrefix: false }))
        .filter((route) => route.split(' ')[1]!.startsWith(API_PREFIX))
        .sort();
      // Placeholders ({branch}) are registered as Fastify parameters (:branch), by routePath.
      const listed = API_ENDPOINTS.map((endpoint) => `${endpoint.method} ${routePath(endpoint.path)}`).sort();
      assert.ok(registered.length > 0, 'the route tree was read');
      assert.deepEqual(registered, listed);
      for (const endpoint of API_ENDPOINTS) assert.ok(app.hasRoute({ method: endpoint.method, url: routePath(endpoint.path) }), `${endpoint.method} ${endpoint.path}`);
    } finally {
      await app.close();
    }
  });

  test('every /api/ route is registered from its contract entry (routeEndpoint), whose access, group and body limit it carries', async () => {
    const routes: RouteOptions[] = [];
    const app = await injectableApp({}, { onRoute: (route) => void routes.push(route) });
    try {
      const api = routes.filter((route) => route.url.startsWith(API_PREFIX) && route.method !== 'HEAD');
      assert.equal(api.length, API_ENDPOINTS.length);
      for (const route of api) {
        const endpoint = route.config?.endpoint;
        assert.ok(endpoint && API_ENDPOINTS.includes(endpoint), `${String(route.method)} ${route.url} was not registered through routeEndpoint`);
        assert.equal(`${String(route.method)} ${route.url}`, `${endpoint.method} ${routePath(endpoint.path)}`);
        assert.equal(route.config?.limitGroup, endpoint.limitGroup, endpoint.name);
        assert.equal(route.bodyLimit, endpoint.bodyLimit, endpoint.name);
      }
    } finally {
      await app.close();
    }
  });

  test('the tree reader follows nesting', () => {
    const tree = ['├── * (GET, HEAD)', '├── /api/a (POST)', '│   └── /b (GET, HEAD, DELETE)', '└── /ads (GET, HEAD)', '    └── -es (GET)'].join('\n');
    assert.deepEqual(registeredRoutes(tree), ['GET *', 'POST /api/a', 'GET /api/a/b', 'DELETE /api/a/b', 'GET /ads', 'GET /ads-es']);
  });
});

describe('the contract as data', () => {
  test('endpoint names and method-path pairs are unique', () => {
    assert.equal(new Set(ENDPOINTS.map((endpoint) => endpoint.name)).size, ENDPOINTS.length);
    assert.equal(new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).size, ENDPOINTS.length);
  });

  const twins: Array<[string, string]> = [
    ['/', '/_payload.json'],
    ['', '/_payload.json'],
    ['/?utm_medium=aff', '/_payload.json?utm_medium=aff'],
    ['/quiz/otc', '/quiz/otc/_payload.json'],
    ['/quiz/otc/', '/quiz/otc/_payload.json'],
    ['/quiz/otc/zip?gclid=abc&x=1', '/quiz/otc/zip/_payload.json?gclid=abc&x=1'],
    ['/a?b=1?c', '/a/_payload.json?b=1?c'],
  ];
  for (const [page, twin] of twins) test(`payloadPath('${page}') is '${twin}'`, () => assert.equal(payloadPath(page), twin));

  test('payloadPagePath undoes payloadPath and refuses other paths', () => {
    assert.equal(payloadPagePath('/quiz/otc/_payload.json'), '/quiz/otc');
    assert.equal(payloadPagePath(PAYLOAD_SUFFIX), '/');
    assert.equal(payloadPagePath('/quiz/otc'), undefined);
    assert.equal(payloadPagePath('/quiz/_payload.json/x'), undefined);
  });

  test('buildMetaPath names the build manifest', () => assert.equal(buildMetaPath('abc123'), '/builds/meta/abc123.json'));
});
