import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/server/config.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('start-up configuration', () => {
  test('defaults: port 3000 on loopback, development, ./data', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.env, 'development');
    assert.equal(config.vars.DATA_DIR, './data');
  });

  test('every bad variable is reported in one message', () => {
    const bad = { PORT: 'eighty', HOST: 'not a host!', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x', MEDIAALPHA_TIMEOUT_MS: '-5' };
    let error: unknown;
    try {
      loadConfig(bad);
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof ConfigError);
    for (const name of Object.keys(bad)) assert.match(error.message, new RegExp(`- ${name}=`), `${name} reported`);
    assert.equal(error.problems.length, Object.keys(bad).length);
  });

  test('npm start with a bad PORT exits 2 naming it, before listening', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '70000', HOST: 'bad host' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(result.status, 2);
    assert.match(result.stderr, /PORT="70000"/);
    assert.match(result.stderr, /HOST="bad host"/);
  });
});
