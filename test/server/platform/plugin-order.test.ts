/**
 * The app's plugins declare what must be registered before them (src/server/app.ts appPlugins,
 * platform/http/declared-plugin.ts), and Fastify holds the registration list to it: the shipped
 * order starts, and a plugin registered ahead of a dependency or of a decorator it reads stops the
 * start with Fastify's own error, naming the plugin.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import { appPlugins, DEFAULT_DIST_DIR, type AppPlugin } from '../../../src/server/app.ts';
import { readBuildManifest } from '../../../src/server/platform/build-info.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-test-')) });
const shipped = appPlugins({ config, logger: false }, { distDir: DEFAULT_DIST_DIR, manifest: await readBuildManifest(DEFAULT_DIST_DIR) });

/** Fastify's refusals of a plugin registered too early. */
const TOO_EARLY = new Set(['FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED', 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE']);

/** Registers `plugins` in order on a bare Fastify; resolves with the refusal that stopped it, if any. */
async function registerAll(plugins: readonly AppPlugin[]): Promise<(Error & { code?: string }) | undefined> {
  const app = Fastify({ logger: false });
  try {
    for (const { plugin, options } of plugins) await app.register(plugin, options);
    await app.ready();
    return undefined;
  } catch (error) {
    return error as Error & { code?: string };
  } finally {
    await app.close().catch(() => undefined);
  }
}

/** `plugins` with the one named `name` moved just before the one named `before`. */
function moved(plugins: readonly AppPlugin[], name: string, before: string): AppPlugin[] {
  const rest = plugins.filter((plugin) => plugin.declaration.name !== name);
  const at = rest.findIndex((plugin) => plugin.declaration.name === before);
  return [...rest.slice(0, at), plugins.find((plugin) => plugin.declaration.name === name)!, ...rest.slice(at)];
}

describe('the order of the app\'s plugins is declared, and Fastify enforces it', () => {
  test('names are unique, and every dependency names a plugin of the list that comes before', () => {
    const names = shipped.map((plugin) => plugin.declaration.name);
    assert.equal(new Set(names).size, names.length);
    for (const [index, { declaration }] of shipped.entries()) {
      for (const dependency of declaration.dependencies ?? []) assert.ok(names.indexOf(dependency) > -1 && names.indexOf(dependency) < index, `${declaration.name} needs ${dependency}`);
    }
  });

  // Moved to the front, every plugin that needs anything is refused before it runs.
  for (const entry of shipped.filter((plugin) => (plugin.declaration.dependencies ?? []).length > 0 || plugin.declaration.decorators)) {
    test(`${entry.declaration.name}, registered first, is refused`, async () => {
      const refusal = await registerAll([entry]);
      assert.ok(refusal && TOO_EARLY.has(refusal.code ?? ''), `${refusal?.code}: ${refusal?.message}`);
      assert.match(refusal.message, new RegExp(`'${entry.declaration.name}'`));
    });
  }

  // Orders a comment used to hold: each broken one now stops the start, before any request.
  const broken: Array<[name: string, before: string, why: string]> = [
    ['lead-jobs', 'store', 'the lead jobs run on the store'],
    ['auth-session', 'events', 'the event intake must not carry the session cookie\'s hooks'],
    ['control-center-api', 'control-center-access', 'the API\'s staff endpoints use the access plugin\'s checks'],
  ];
  for (const [name, before, why] of broken) {
    test(`${name} before ${before} is refused (${why})`, async () => {
      const refusal = await registerAll(moved(shipped, name, before));
      assert.ok(refusal && TOO_EARLY.has(refusal.code ?? ''), `${refusal?.code}: ${refusal?.message}`);
      assert.match(refusal.message, new RegExp(`'${name}'`));
    });
  }
});
