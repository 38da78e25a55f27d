/**
 * `cobrand demand-check` (registered in demand-check-command.ts): build the demand-check payload
 * a brand's page would send (spec §7), print it, send it and show the bid; `demand-check replay`
 * re-sends recorded exchanges and shows what changed in the answer (a progress bar on stderr).
 *
 * Where a check goes: with `--against URL`, to a cobrand server (POST
 * {URL}/api/mediaalpha/demand-check with the brand's Host header), exercising the whole server
 * path; otherwise straight to the marketplace the environment configures
 * (MEDIAALPHA_DEMAND_CHECK_URL, MEDIAALPHA_API_TOKEN), or, when none is configured, to a sandbox
 * marketplace started in-process for the command, as `npm start` does.
 */
import type { Command } from 'commander';
import { Agent } from 'undici';
import { BRANDS } from '../brands/index.ts';
import type { Brand } from '../brands/types.ts';
import { ROUTES } from '../routes.ts';
import { DEMAND_CHECK_PATH } from '../src/core/contract/marketplace.ts';
import { DemandCheckPayloadSchema } from '../src/core/marketplace/payload-schemas.ts';
import { buildDemandCheckPayload, type DemandCheckPayload } from '../src/core/marketplace/payloads.ts';
import { pageProductLine, type ProductLine } from '../src/core/marketplace/product-line.ts';
import { demandCheckResult } from '../src/core/marketplace/responses.ts';
import { compilePattern } from '../src/core/router/pattern.ts';
import type { RouteDefinition } from '../src/core/router/route.ts';
import { ConfigError, loadConfig, type Config } from '../src/server/platform/config/config.ts';
import { answerValue, diffAnswers, formatAnswerChange, type AnswerChange } from '../src/server/marketplace/answer-diff.ts';
import { configuredPlacement, withServerFields } from '../src/server/marketplace/server-fields.ts';
import { postToUpstream, type UpstreamOutcome } from '../src/server/platform/upstream/relay.ts';
import { sandboxUpstreamEnv } from '../src/server/marketplace/sandbox/auto-start.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { SANDBOX_PLACEMENT_IDS } from '../src/server/marketplace/sandbox/sandbox-rules.ts';
import type { ExchangeRow } from '../src/server/platform/store/index.ts';
import { print, type CliIo } from './cli-io.ts';
import type { ReplayOptions, SendOptions } from './demand-check-arguments.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { startProgress } from './progress.ts';

/** The user agent the payload carries, so checks made from the CLI are recognisable upstream. */
export const CLI_USER_AGENT = 'cobrand-cli demand-check';

/** Budget for a check sent --against a cobrand server, which has its own upstream budget inside this one. */
export const AGAINST_SERVER_TIMEOUT_MS = 10_000;

/** Where checks go when no --against is given: the configured marketplace, or a sandbox standing in. */
interface DirectTarget {
  url: string;
  token?: string;
  config: Config;
  /** Set when a sandbox was started for this command; closed when it ends. */
  sandbox?: SandboxMarketplace;
}

/** Reads the environment; a bad one is a usage error naming every bad variable. */
function environmentConfig(io: CliIo, command: Command): Config {
  try {
    return loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) command.error(error.message, { exitCode: EXIT_CODES.usage });
    throw error;
  }
}

/** The configured marketplace, or an in-process sandbox when MEDIAALPHA_DEMAND_CHECK_URL is unset. */
async function directTarget(io: CliIo, config: Config): Promise<DirectTarget> {
  const { MEDIAALPHA_DEMAND_CHECK_URL: url, MEDIAALPHA_API_TOKEN: token } = config.vars;
  if (url !== undefined) return { url, config, ...(token ? { token } : {}) };
  const sandbox = await startSandboxMarketplace();
  const sandboxConfig = loadConfig(sandboxUpstreamEnv(sandbox, io.env));
  return { url: sandbox.endpoints.demandCheck, token: sandbox.token, config: sandboxConfig, sandbox };
}

/** The page address a route has on a brand's site; routes with required parameters have none. */
function routePageUrl(command: Command, brand: Brand, route: RouteDefinition, afid: string | undefined): string {
  const segments = compilePattern(route.path).segments;
  const required = segments.find((segment) => segment.kind === 'param' || segment.kind === 'catchAll');
  if (required && 'name' in required) {
    command.error(`error: route '${route.name}' (${route.path}) needs the parameter {${required.name}}; pick a route without required parameters`, {
      exitCode: EXIT_CODES.usage,
    });
  }
  const statics = segments.flatMap((segment) => (segment.kind === 'static' ? [segment.value] : []));
  const page = new URL(`/${statics.join('/')}`, brand.url);
  if (afid !== undefined) page.searchParams.set('afid', afid);
  return page.toString();
}

/** The payload the brand's page would send, every input checked; bad input is a usage error naming it. */
function browserPayload(command: Command, options: SendOptions, config: Config): { brand: Brand; line: ProductLine; payload: DemandCheckPayload } {
  const missing = (['brand', 'route', 'zip'] as const).filter((name) => options[name] === undefined);
  if (missing.length > 0) command.error(`error: missing required option ${missing.map((name) => `--${name}`).join(', ')}`, { exitCode: EXIT_CODES.usage });
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the check above stopped a missing --brand, and its parser accepts known brand ids only
  const brand = BRANDS.find((entry) => entry.id === options.brand)!;
  const route = ROUTES.find((entry) => entry.name === options.route);
  if (!route) command.error(`error: unknown route '${options.route}' (see cobrand routes list --brand ${brand.id})`, { exitCode: EXIT_CODES.usage });
  if (!route.brands.includes(brand.id)) {
    command.error(`error: route '${route.name}' is not served on brand '${brand.id}' (it lists: ${route.brands.join(', ')})`, { exitCode: EXIT_CODES.usage });
  }
  const product = pageProductLine(brand.id, route.page.product);
  const payload = buildDemandCheckPayload({
    ip: options.ip,
    localHour: options.hour ?? new Date().getHours(),
    ua: CLI_USER_AGENT,
    url: routePageUrl(command, brand, route, options.afid),
    // The placement the server would send: the configured one, else the one the sandbox is given.
    placementId: configuredPlacement(config.vars, product) ?? SANDBOX_PLACEMENT_IDS[product],
    urlParams: { afid: options.afid },
    ...(config.vars.MEDIAALPHA_AFFILIATE_ID ? { configuredAffiliateId: config.vars.MEDIAALPHA_AFFILIATE_ID } : {}),
    geo: { postalCode: options.zip, ...(options.state ? { stateCode: options.state } : {}) },
  });
  const checked = DemandCheckPayloadSchema.safeParse(payload);
  if (!checked.success) {
    const problems = checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(valueAt(payload, issue.path))})`);
    command.error(`error: the payload would be refused:\n  ${problems.join('\n  ')}`, { exitCode: EXIT_CODES.usage });
  }
  return { brand, line: product, payload };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);
}

/** The demand-check answer inside an outcome: a cobrand server wraps it as `{ parsed, raw }`. */
function upstreamAnswer(outcome: UpstreamOutcome, viaServer: boolean): unknown {
  if (!outcome.ok) return undefined;
  return viaServer ? (outcome.parsed as { parsed?: unknown } | null)?.parsed : outcome.parsed;
}

/** `demand-check`. */
export async function sendDemandCheck(io: CliIo, options: SendOptions, command: Command): Promise<void> {
  let config = environmentConfig(io, command);
  const { brand, line, payload } = browserPayload(command, options, config);
  if (options.dryRun) {
    if (options.json) print(io.stdout, JSON.stringify({ payload }, null, 2));
    else print(io.stdout, `payload (dry run, not sent):\n${JSON.stringify(payload, null, 2)}`);
    return;
  }
  const dispatcher = new Agent();
  const target = options.against === undefined ? await directTarget(io, config) : undefined;
  try {
    let outcome: UpstreamOutcome;
    let sentTo: string;
    if (target === undefined) {
      sentTo = new URL(DEMAND_CHECK_PATH, options.against).toString();
      if (!options.json) print(io.stdout, `payload (POST ${sentTo} as ${new URL(brand.url).host}):\n${JSON.stringify(payload, null, 2)}`);
      outcome = await postToUpstream({ url: sentTo, body: payload, headers: { host: new URL(brand.url).host }, timeoutMs: AGAINST_SERVER_TIMEOUT_MS, dispatcher });
    } else {
      config = target.config;
      sentTo = target.url;
      const body = withServerFields(payload, line, config.vars);
      const where = target.sandbox ? `the in-process sandbox marketplace, no MEDIAALPHA_DEMAND_CHECK_URL configured` : 'the configured marketplace';
      if (!options.json) print(io.stdout, `payload (POST ${sentTo}, ${where}):\n${JSON.stringify(body, null, 2)}`);
      outcome = await postToUpstream({
        url: sentTo,
        body,
        timeoutMs: config.vars.MEDIAALPHA_TIMEOUT_MS,
        dispatcher,
        ...(target.token ? { token: target.token } : {}),
      });
    }
    const result = demandCheckResult(upstreamAnswer(outcome, target === undefined));
    if (options.json) {
      print(
        io.stdout,
        JSON.stringify(
          {
            payload,
            sentTo,
            status: outcome.status,
            latencyMs: outcome.latencyMs,
            ...(outcome.ok ? { bid: result?.bid ?? null, isLowBid: result?.isLowBid ?? null, raw: outcome.raw } : { error: outcome.error, raw: outcome.raw }),
          },
          null,
          2,
        ),
      );
    } else if (outcome.ok) {
      const bid = result ? `bid ${JSON.stringify(result.bid)}, isLowBid ${result.isLowBid}` : 'no demand-check result (the answer has no ctc object)';
      print(io.stdout, `status ${outcome.status}, latency ${outcome.latencyMs} ms, ${bid}`);
    } else {
      const body = outcome.raw === null ? '' : `: ${outcome.raw.slice(0, 500)}`;
      print(io.stdout, `status ${outcome.status ?? 'none'}, latency ${outcome.latencyMs} ms, failed: ${outcome.error}${target === undefined ? body : ''}`);
    }
    if (!outcome.ok) io.setExitCode(EXIT_CODES.problems);
  } finally {
    await dispatcher.close();
    await target?.sandbox?.close();
  }
}

/** One replayed exchange, as `--json` prints it. */
interface Replay {
  id: number;
  brandId: string;
  recordedAt: string;
  sentTo: string;
  before: { status: number | null; error: string | null; latencyMs: number };
  now: { status: number | null; error: string | null; latencyMs: number };
  changes: AnswerChange[];
}

/** `demand-check replay`. */
export async function replayExchanges(io: CliIo, options: ReplayOptions, command: Command): Promise<void> {
  const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
  const config = environmentConfig(io, command);
  const store = await io.openStore();
  // No store to read (reported, exit code set).
  if (store === undefined) return;
  let rows: ExchangeRow[];
  try {
    rows = options.id !== undefined ? await store.listExchanges({ id: options.id }) : await store.listExchanges({ last: options.last ?? 1, kind: 'demand-check' });
  } finally {
    await store.close();
  }
  if (options.id !== undefined && rows.length === 0) command.error(`error: no recorded exchange with id ${options.id}`, { exitCode: EXIT_CODES.usage });
  const wrongKind = rows.find((row) => row.kind !== 'demand-check');
  if (wrongKind) command.error(`error: exchange ${wrongKind.id} is a ${wrongKind.kind} exchange; replay re-sends demand checks`, { exitCode: EXIT_CODES.usage });
  if (rows.length === 0) {
    print(io.stderr, 'no recorded demand-check exchanges in the store');
    io.setExitCode(EXIT_CODES.problems);
    return;
  }
  const target = options.to === undefined ? await directTarget(io, config) : undefined;
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- target is looked up exactly when --to is absent
  const url = options.to ?? target!.url;
  const token = target ? target.token : config.vars.MEDIAALPHA_API_TOKEN;
  const timeoutMs = (target?.config ?? config).vars.MEDIAALPHA_TIMEOUT_MS;
  const dispatcher = new Agent();
  const replays: Replay[] = [];
  // A bar for a person watching a long replay; one exchange needs none.
  const progress = rows.length > 1 ? startProgress(io.stderr, { label: 'replaying', unit: 'exchanges', total: rows.length }) : undefined;
  try {
    // Oldest first, so the output reads in the order the checks were made.
    for (const row of [...rows].reverse()) {
      const outcome = await postToUpstream({ url, body: row.request, timeoutMs, dispatcher, ...(token ? { token } : {}) });
      replays.push({
        id: row.id,
        brandId: row.brandId,
        recordedAt: row.createdAt,
        sentTo: url,
        before: { status: row.status, error: row.error, latencyMs: row.latencyMs },
        now: { status: outcome.status, error: outcome.ok ? null : outcome.error, latencyMs: outcome.latencyMs },
        changes: diffAnswers(answerValue(row.response), answerValue(outcome.raw)),
      });
      if (!outcome.ok) io.setExitCode(EXIT_CODES.problems);
      progress?.update(replays.length);
    }
  } finally {
    progress?.finish();
    await dispatcher.close();
    await target?.sandbox?.close();
  }
  if (json) {
    print(io.stdout, JSON.stringify(replays, null, 2));
    return;
  }
  for (const replay of replays) {
    print(io.stdout, `exchange ${replay.id} (brand ${replay.brandId}, recorded ${replay.recordedAt}) re-sent to ${replay.sentTo}`);
    print(io.stdout, `  before: ${outcomeLine(replay.before)}`);
    print(io.stdout, `  now:    ${outcomeLine(replay.now)}`);
    if (replay.changes.length === 0) print(io.stdout, '  the answer is unchanged');
    for (const change of replay.changes) print(io.stdout, `  ${formatAnswerChange(change)}`);
  }
}

function outcomeLine(outcome: Replay['before']): string {
  const status = outcome.status === null ? 'no response' : `HTTP ${outcome.status}`;
  return `${status} in ${outcome.latencyMs} ms${outcome.error ? ` (${outcome.error})` : ''}`;
}
