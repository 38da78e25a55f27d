import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brandById } from '../../brands/index.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';
import { guardAtHydration } from '../../src/core/router/hydration-guard.ts';

function payload(middleware: string[] | undefined, params: Record<string, string>): PagePayload {
  return {
    kind: 'page', status: 200, buildId: 'b', path: '/branches/x', brand: brandById('ccc')!,
    route: { name: 'cc-branch', pattern: '/branches/{branch}', language: 'english', params, ...(middleware ? { middleware } : {}) },
    page: { template: 'control-center', title: 'Branch' },
  };
}

const cases = [
  { name: 'no middleware keeps the page', middleware: undefined, params: { branch: 'BAD' }, status: 200 },
  { name: 'passing middleware keeps the page', middleware: ['branchSlug'], params: { branch: 'main' }, status: 200 },
  { name: 'refusing middleware shows 404', middleware: ['branchSlug'], params: { branch: 'Not A Slug' }, status: 404 },
  { name: 'unknown middleware shows 404', middleware: ['noSuchGuard'], params: { branch: 'main' }, status: 404 },
];
for (const c of cases) {
  test(c.name, () => {
    const original = payload(c.middleware, c.params);
    const original_console = console.error;
    console.error = () => undefined; // the unknown-guard case logs its error on purpose
    const result = guardAtHydration(original, {});
    console.error = original_console;
    assert.equal(result.status, c.status);
    if (c.status === 200) assert.equal(result, original);
    else assert.equal(result.kind === 'error' && result.description, 'Page Not Found');
  });
}
