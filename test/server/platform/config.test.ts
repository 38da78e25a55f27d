import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/server/platform/config/config.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

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
    for (const name of Object.keys(bad)) assert.match(error.message, new RegExp(`- ${name}: `), `${name} reported`);
    assert.equal(error.problems.length, Object.keys(bad).length);
  });

  test('a problem names the variable and its rule, never its value (secrets stay out of terminals and logs)', () => {
    const secrets = {
      SESSION_KEY: 'hunter2-not-a-key-but-secret',
      DATABASE_URL: 'mysql://admin:s3cr3t-pass@db.internal/x',
      LEAD_RETENTION_DAYS: 'forty',
      TRUST_PROXY: 'proxy.internal',
    };
    let error: unknown;
    try {
      loadConfig(secrets);
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof ConfigError);
    assert.deepEqual(error.problems.map((problem) => problem.split(':')[0]).sort(), Object.keys(secrets).sort());
    for (const problem of error.problems) assert.match(problem, /^[A-Z_]+: \S/, problem);
    for (const value of Object.values(secrets)) assert.ok(!error.message.includes(value), `${value} is not printed`);
    for (const fragment of ['hunter2', 's3cr3t', 'short-pw', 'forty', 'proxy.internal']) assert.ok(!error.message.includes(fragment), fragment);
  });

  test('the server with a bad PORT and HOST exits 2 with one line naming both, not their values, before listening', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/start.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '70000', HOST: 'bad host' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(result.status, 2);
    assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
    assert.match(result.stderr, /^cobrand: cannot start: invalid configuration: /);
    assert.match(result.stderr, /PORT: /);
    assert.match(result.stderr, /HOST: must be a host name or an IP address/);
    assert.ok(!result.stderr.includes('70000') && !result.stderr.includes('bad host'), result.stderr);
  });
});
