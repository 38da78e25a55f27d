/**
 * The server process (`npm start`, through scripts/start.js): validates the environment, starts
 * the sandbox marketplace when no upstream is configured (never in production), opens the store,
 * serves every brand, and stops cleanly. The client is built before this runs: by `npm run build`,
 * or, from sources, by scripts/start.js when it is missing or stale.
 *
 * - A start-up failure prints one line on stderr, `cobrand: cannot start: …`, and exits: 2 for
 *   the configuration (a bad or missing variable: fix the environment, restarting will not
 *   help), 1 for anything else (the database unreachable, the port in use, no client build).
 *   No stack trace, and never a variable's value.
 * - SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish (Fastify's
 *   close), stop the lead jobs (their preClose hook), close the sandbox and the store, exit 0.
 *   A second signal, or a shutdown longer than {@link SHUTDOWN_GRACE_MS}, exits 1 at once.
 */
import { BRANDS } from '../../brands/index.ts';
import { buildApp } from './app.ts';
import { createLocalAccountIfNone } from './auth/first-account.ts';
import { ConfigError, loadConfig, type Config } from './platform/config/config.ts';
import { openConfiguredStore } from './platform/store/configured-store.ts';
import { phonesEnvProblem } from './marketplace/phones-env.ts';
import { OpsListenError } from './platform/ops/ops-listener.ts';
import { sessionEnvProblem } from './auth/session-env.ts';
import { startSandboxIfUnconfigured } from './marketplace/sandbox/auto-start.ts';
import { startSandboxProviderIfUnconfigured, type SandboxProviderDecision } from './control-center/content-factory/sandbox-auto-start.ts';
import type { Store } from './platform/store/index.ts';

/** True in the compiled server (build-server.ts defines it); the start line says which of the two runs. */
declare const COBRAND_COMPILED_SERVER: boolean | undefined;
const COMPILED = typeof COBRAND_COMPILED_SERVER !== 'undefined' && COBRAND_COMPILED_SERVER;

/** How long a shutdown may take (in-flight requests, lead jobs, store) before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** How long opening the store may take: a database host that drops packets would otherwise hang the start for minutes. */
const STORE_OPEN_TIMEOUT_MS = 30_000;

/** Exit codes of a failed start. */
const START_EXIT_CODES = { configuration: 2, failure: 1 } as const;

/** A failed start: its one line and exit code. */
class StartFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** An error's message on one line; an AggregateError (every address of a host refused) says each reason. */
function oneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let message = error.message;
  const cause = error.cause ?? error;
  if (cause instanceof AggregateError && cause.errors.length > 0) {
    const reasons = cause.errors.map((inner: unknown) => (inner instanceof Error ? inner.message : String(inner))).join(', ');
    message = message.trim().endsWith(':') || message === '' ? `${message} ${reasons}` : `${message} (${reasons})`;
  }
  return message.replace(/\s*\n\s*/g, ' ').trim() || (error as NodeJS.ErrnoException).code || error.name;
}

/** `promise`, or a rejection with `reason` after `ms`. */
function withinTime<T>(promise: Promise<T>, ms: number, reason: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(reason)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** What a listen error means, for the operator. */
function listenProblem(error: unknown, config: Config): string {
  if (error instanceof OpsListenError) return error.message;
  const where = `${config.host}:${config.port}`;
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `${where} is already in use (another server is listening there; set PORT or stop it)`;
    case 'EADDRNOTAVAIL':
      return `HOST ${config.host} is not an address of this machine`;
    case 'EACCES':
      return `no permission to listen on ${where} (ports below 1024 need privileges; set PORT)`;
    default:
      return `cannot listen on ${where}: ${oneLine(error)}`;
  }
}

function configuration(): Config {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new StartFailure(`invalid configuration: ${error.problems.join('; ')}`, START_EXIT_CODES.configuration);
    throw error;
  }
  // Only the server needs the session key (the CLI loads the same config without one).
  const keyProblem = sessionEnvProblem(config.vars);
  if (keyProblem !== undefined) throw new StartFailure(`invalid configuration: ${keyProblem}`, START_EXIT_CODES.configuration);
  // Nor the brands' numbers: in production every BRAND_PHONE_<ID> (phones-env.ts), all missing ones named.
  const phonesProblem = phonesEnvProblem(config.vars);
  if (phonesProblem !== undefined) throw new StartFailure(`invalid configuration: ${phonesProblem}`, START_EXIT_CODES.configuration);
  return config;
}

/** Runs `close` steps in order, each one even when an earlier one failed; the first failure is rethrown. */
async function closeAll(steps: (() => Promise<unknown> | undefined)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

async function main(): Promise<void> {
  let config = configuration();
  // No upstream configured (and not production): stand the sandbox marketplace in for it.
  const upstreams = await startSandboxIfUnconfigured(config.vars, process.env, config.env === 'production');
  if (upstreams.sandbox) config = loadConfig(upstreams.env);
  const sandbox = upstreams.sandbox;
  let store: Store | undefined;
  let writer: SandboxProviderDecision | undefined;
  try {
    // No text-generation provider configured (and not production): the sandbox provider stands in.
    writer = await startSandboxProviderIfUnconfigured(config.vars, upstreams.env, config.env === 'production');
    if (writer.sandbox) config = loadConfig(writer.env);
    try {
      store = await withinTime(openConfiguredStore(config.vars), STORE_OPEN_TIMEOUT_MS, `no answer within ${STORE_OPEN_TIMEOUT_MS / 1000} s`);
    } catch (error) {
      const which = config.vars.DATABASE_URL === undefined ? 'SQLite under DATA_DIR' : 'PostgreSQL at DATABASE_URL';
      throw new StartFailure(`the store (${which}) could not be opened: ${oneLine(error)}`, START_EXIT_CODES.failure);
    }
    // The store is opened here, not by the app, so its failure is told apart and it closes last.
    const app = await buildApp({ config, store });
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      await app.close().catch(() => undefined);
      throw new StartFailure(listenProblem(error, config), START_EXIT_CODES.failure);
    }
    announce(config, (app.server.address() as { port: number }).port, `${upstreams.notice}\n${writer.notice}`);
    if (config.env === 'development') {
      // Development only: the control center's first account, printed once (never in production or tests).
      const created = await createLocalAccountIfNone(store);
      if (created) console.log(created.join('\n'));
    }
    const ops = app.opsAddress();
    if (ops) console.log(`health, readiness and metrics also on the operations port ${ops.address}:${ops.port} (/healthz, /readyz, /metrics)`);
    const opened = store;
    const writerSandbox = writer.sandbox;
    handleSignals(() => closeAll([() => app.close(), () => sandbox?.close(), () => writerSandbox?.close(), () => opened.close()]));
  } catch (error) {
    await closeAll([() => sandbox?.close(), () => writer?.sandbox?.close(), () => store?.close()]).catch(() => undefined);
    throw error;
  }
}

function announce(config: Config, port: number, notice: string): void {
  if (config.env === 'production') {
    console.log(`cobrand is serving ${BRANDS.length} brands on ${config.host}:${port} (production${COMPILED ? ', compiled' : ', from sources'})`);
  } else {
    console.log(`cobrand is serving ${BRANDS.length} brands:`);
    for (const brand of BRANDS) console.log(`  ${brand.name.padEnd(32)} http://${brand.id}.localhost:${port}/`);
  }
  console.log(notice);
}

/** On SIGTERM or SIGINT: `stop`, then exit 0; a second signal or a stop past the grace period exits 1. */
function handleSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`cobrand: ${signal} again; exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.log(`cobrand: ${signal}: stopping (in-flight requests finish first)`);
    setTimeout(() => {
      console.error(`cobrand: still stopping after ${SHUTDOWN_GRACE_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    stop().then(
      () => {
        console.log('cobrand: stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`cobrand: stopping failed: ${oneLine(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

try {
  await main();
} catch (error) {
  const failure =
    error instanceof StartFailure
      ? error
      : error instanceof ConfigError
        ? new StartFailure(`invalid configuration: ${error.problems.join('; ')}`, START_EXIT_CODES.configuration)
        : new StartFailure(oneLine(error), START_EXIT_CODES.failure);
  process.stderr.write(`cobrand: cannot start: ${failure.message}\n`);
  process.exit(failure.exitCode);
}
