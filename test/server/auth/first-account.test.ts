/**
 * The development server's local account (in development `npm start` creates a local account
 * if none exists and prints its email and password once; there is no other way in): on both
 * stores the account is made only when there is none and its password is the one printed; the
 * compiled server started twice in development on one data directory prints it on the first start
 * only, and the printed password signs in; in production nothing is created or printed.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import { BRAND_IDS } from '../../../brands/ids.ts';
import { buildServer } from '../../../build-server.ts';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { createLocalAccountIfNone, LOCAL_ACCOUNT } from '../../../src/server/auth/first-account.ts';
import { hashPassword, verifyPassword } from '../../../src/server/auth/passwords.ts';
import { openConfiguredStore } from '../../../src/server/platform/store/configured-store.ts';
import { brandPhoneVariable } from '../../../src/server/marketplace/phones-env.ts';
import { STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT_MS = 60_000;
/** What the first start prints before the email and password lines. */
const CREATED = /a local account was created/;

/** The email and password in the printed lines. */
function credentialsOf(lines: string): { email: string; password: string } {
  const email = /^\s*email\s+(\S+)$/m.exec(lines)?.[1];
  const password = /^\s*password\s+(\S+)$/m.exec(lines)?.[1];
  assert.ok(email && password, `email and password printed:\n${lines}`);
  return { email, password };
}

for (const dialect of STORE_DIALECTS) {
  describe(`the local account on ${dialect}`, () => {
    test('created once, with the printed password, when the store has no account', () =>
      withStore(dialect, async (store) => {
        const printed = await createLocalAccountIfNone(store);
        assert.ok(printed);
        const { email, password } = credentialsOf(printed.join('\n'));
        assert.equal(email, LOCAL_ACCOUNT.email);
        assert.ok(await verifyPassword(password, (await store.getPasswordHash(email))!), 'the printed password is the account\'s');
        assert.equal(await createLocalAccountIfNone(store), undefined, 'not again');
        assert.equal(await store.countUsers(), 1);
      }));

    test('not created when any account exists', () =>
      withStore(dialect, async (store) => {
        await store.createUser({ email: 'someone@example.com', name: 'Someone', passwordHash: await hashPassword('a long enough password') });
        assert.equal(await createLocalAccountIfNone(store), undefined);
        assert.equal(await store.getUser(LOCAL_ACCOUNT.email), undefined);
      }));
  });
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs the compiled server until it has passed the local-account step (the operations-port line
 * comes after it), signs in with `credentials` when given, stops it, and returns its stdout and
 * the sign-in's status.
 */
async function runOnce(entry: string, env: NodeJS.ProcessEnv, credentials?: { email: string; password: string }): Promise<{ stdout: string; signIn?: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port), OPS_PORT: String(await freePort()) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not started within ${START_TIMEOUT_MS} ms; stdout: ${stdout}; stderr: ${stderr}`)), START_TIMEOUT_MS);
      const check = () => {
        if (!/operations port/.test(stdout)) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`exited before starting; stdout: ${stdout}; stderr: ${stderr}`)));
    });
    const signIn = credentials === undefined ? undefined : await postSignIn(port, credentials);
    child.kill('SIGTERM');
    await exited;
    return { stdout, ...(signIn === undefined ? {} : { signIn }) };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

/** POST /api/_auth/session on the control center's host; the status. */
function postSignIn(port: number, credentials: { email: string; password: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(credentials);
    const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: AUTH_SESSION_PATH, headers: { host: 'ccc.localhost', 'content-type': 'application/json' } }, (response) => {
      response.resume().on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('npm start and the local account (the compiled server)', () => {
  let entry: string;
  before(async () => {
    // A folder of this file's own (two levels under the root, as buildServer asks), so the start tests' build is left alone.
    ({ entry } = await buildServer(path.join(ROOT, 'dist/.server-test-first-account')));
  });

  const common = { SESSION_KEY: randomBytes(32).toString('hex'), HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOAD_SHEDDING: 'off', RATE_LIMITS: 'off' };

  test('in development: printed on the first start only, and the printed password signs in', async () => {
    const env = { ...common, NODE_ENV: 'development', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-first-account-')) };
    const first = await runOnce(entry, env);
    assert.match(first.stdout, CREATED);
    const credentials = credentialsOf(first.stdout);
    const second = await runOnce(entry, env, credentials);
    assert.doesNotMatch(second.stdout, CREATED, 'printed once');
    assert.ok(!second.stdout.includes(credentials.password), 'the password is not shown again');
    assert.equal(second.signIn, 200, 'the printed account signs in');
  });

  test('in production: no account is created and nothing is printed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cobrand-first-account-'));
    const phones = Object.fromEntries(BRAND_IDS.map((id, index) => [brandPhoneVariable(id), `80055502${String(index).padStart(2, '0')}`]));
    const { stdout } = await runOnce(entry, { ...common, ...phones, NODE_ENV: 'production', DATA_DIR: dataDir });
    assert.doesNotMatch(stdout, CREATED);
    const store = await openConfiguredStore({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    try {
      assert.equal(await store.countUsers(), 0);
    } finally {
      await store.close();
    }
  });
});
