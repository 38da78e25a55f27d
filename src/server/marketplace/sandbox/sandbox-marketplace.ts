/**
 * The sandbox marketplace: a real local HTTP server speaking the ad marketplace's endpoints (and
 * the second lead buyer's) with deterministic answers, so cobrand runs end to end without
 * credentials and tests exercise the real HTTP path, failures included.
 *
 * Endpoints (see {@link SANDBOX_PATHS}), marketplace ones need `Authorization: Bearer {token}`:
 * - POST /demand-check: `{ request_id, ctc: { ev: bid }, num_results, placement_id, time }`,
 *   the bid from the ZIP in `data.zip` ({@link sandboxBid}: 0xxxx bids 4.5, others 25 to 34.9);
 * - POST /get-phone: `{ request_id, phone_number, expiration, lease_time }`, expiration being now
 *   plus `phone_num_lease_time` seconds, the number of the line of a sandbox placement id;
 * - GET or POST /ads: the spec §3 ad list (`zip`, `product` medicare|auto|life|health, `max` 1 to 5),
 *   in Spanish when the page's language (AD_LANGUAGE_FIELD, `sub_2`) is `es`;
 * - POST /lead-buyer/quote (no token): `{ accepted: true, lead_id }`.
 * A ZIP from {@link SANDBOX_MODE_ZIPS} or the `x-sandbox-mode` header simulates a slow answer,
 * HTTP 500, invalid JSON or a hang; "connection refused" is any port where nothing listens.
 * Identical requests get identical answers (the lease expiration aside), and so do requests
 * differing only in PII, so a recorded exchange replays to the same answer.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AD_LANGUAGE_FIELD, PHONE_LEASE_TIME } from '../../../core/marketplace/constants.ts';
import { PRODUCT_LINES, type ProductLine } from '../../../core/marketplace/product-line.ts';
import type { GetPhoneAnswer } from '../leased-phone.ts';
import { redactPii } from '../redact.ts';
import { SANDBOX_IMAGE_SIZES, sandboxAdImage, sandboxAdLanding, sandboxAdList } from './sandbox-ads.ts';
import {
  SANDBOX_API_TOKEN,
  SANDBOX_MODE_HEADER,
  SANDBOX_PATHS,
  SANDBOX_SLOW_MS,
  sandboxBid,
  sandboxMode,
  sandboxPhoneNumber,
  sandboxPlacementLine,
  type SandboxMode,
} from './sandbox-rules.ts';

/** Where and how the sandbox listens. */
export interface SandboxOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1: loopback only. */
  host?: string;
  /** The token marketplace endpoints require; default {@link SANDBOX_API_TOKEN}. */
  token?: string;
}

/** One request the sandbox accepted, as its events report it. */
export interface SandboxRequest {
  method: string;
  path: string;
  mode: SandboxMode;
  zip?: string;
}

/** A running sandbox. */
export interface SandboxMarketplace {
  /** Base URL, e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string;
  /** Each endpoint's full URL. */
  endpoints: Record<keyof typeof SANDBOX_PATHS, string>;
  /** The token it accepts. */
  token: string;
  /**
   * Emits 'request' (a {@link SandboxRequest}) for every endpoint request it accepted, and
   * 'abandoned' (the same object) when the client closed the connection before the answer was
   * complete, which is how tests see cobrand give up on an upstream call.
   */
  events: EventEmitter;
  /** Adds `offset` to every bid answered from now on (demand check and ads), to change answers on purpose. */
  setBidOffset(offset: number): void;
  /** Stops listening and cuts every open connection (slow and hanging answers included). */
  close(): Promise<void>;
}

/** What the sandbox reports as its processing time, in seconds; fixed so answers are deterministic. */
const SANDBOX_ANSWER_TIME = 0.004;

/** Largest request body read; the real payloads are a few hundred bytes. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Ads per list when `max` is absent, and the most a list holds. */
const DEFAULT_AD_COUNT = 3;
const MAX_AD_COUNT = 5;

type Endpoint = keyof typeof SANDBOX_PATHS;

/** An answer to send: status and JSON body, or a body sent as given (for invalid JSON). */
type Answer = { status: number; json: unknown } | { status: number; text: string; type: string };

/** A request the sandbox refuses before any mode applies. */
class SandboxRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts the sandbox marketplace; resolves once it listens. */
export async function startSandboxMarketplace(options: SandboxOptions = {}): Promise<SandboxMarketplace> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? SANDBOX_API_TOKEN;
  const events = new EventEmitter();
  const timers = new Set<NodeJS.Timeout>();
  let bidOffset = 0;
  let baseUrl = '';

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof SandboxRefusal ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) send(res, { status, json: { error: `sandbox: ${message}` } });
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    if (method === 'GET' && serveAsset(url.pathname, res)) return;
    const endpoint = (Object.keys(SANDBOX_PATHS) as Endpoint[]).find((name) => SANDBOX_PATHS[name] === url.pathname);
    if (!endpoint) throw new SandboxRefusal(404, `no endpoint ${url.pathname}`);
    const allowed = endpoint === 'ads' ? ['GET', 'POST'] : ['POST'];
    if (!allowed.includes(method)) throw new SandboxRefusal(405, `${url.pathname} takes ${allowed.join(' or ')}`);
    if (endpoint !== 'leadBuyer' && req.headers.authorization !== `Bearer ${token}`) {
      throw new SandboxRefusal(401, 'missing or wrong token: send Authorization: Bearer {token}');
    }
    const body = method === 'POST' ? parseJsonBody(await readBody(req)) : Object.fromEntries(url.searchParams);
    const zip = zipOf(endpoint, body);
    const modeHeader = req.headers[SANDBOX_MODE_HEADER];
    const seen: SandboxRequest = {
      method,
      path: url.pathname,
      mode: sandboxMode(typeof modeHeader === 'string' ? modeHeader : undefined, zip),
      ...(zip !== undefined ? { zip } : {}),
    };
    events.emit('request', seen);
    res.once('close', () => {
      if (!res.writableEnded) events.emit('abandoned', seen);
    });
    // Hashed without the PII, so replaying a recorded (redacted) request gets the same id back.
    const requestId = `sbx-${createHash('sha256').update(`${method} ${url.pathname} ${JSON.stringify(redactPii(body))}`).digest('hex').slice(0, 16)}`;
    const answer = () => answerFor(endpoint, body, zip, requestId);
    switch (seen.mode) {
      case '500':
        return send(res, { status: 500, json: { error: 'sandbox: simulated upstream failure' } });
      case 'invalid-json':
        return send(res, { status: 200, type: 'application/json', text: '{"request_id": "truncated", "ctc": {"ev": ' });
      case 'hang':
        // Headers and half a body, then nothing: the caller's budget must cover the body too.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"request_id": ');
        return;
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) send(res, answer());
        }, SANDBOX_SLOW_MS);
        timers.add(timer);
        res.once('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
        });
        return;
      }
      case 'ok':
        return send(res, answer());
    }
  }

  function answerFor(endpoint: Endpoint, body: Record<string, unknown>, zip: string | undefined, requestId: string): Answer {
    const bid = Math.round((sandboxBid(zip) + bidOffset) * 10) / 10;
    switch (endpoint) {
      case 'demandCheck':
        return {
          status: 200,
          json: { request_id: requestId, ctc: { ev: bid }, num_results: 1, placement_id: body.placement_id ?? null, time: SANDBOX_ANSWER_TIME },
        };
      case 'getPhone': {
        const leaseSeconds = typeof body.phone_num_lease_time === 'number' ? body.phone_num_lease_time : PHONE_LEASE_TIME;
        const lease: GetPhoneAnswer = {
          phone_number: sandboxPhoneNumber(zip, sandboxPlacementLine(body.placement_id)),
          expiration: new Date(Date.now() + leaseSeconds * 1000).toISOString(),
        };
        return { status: 200, json: { request_id: requestId, ...lease, lease_time: leaseSeconds } };
      }
      case 'ads': {
        const product: ProductLine = PRODUCT_LINES.find((line) => line === body.product) ?? 'medicare';
        const max = Number(body.max ?? DEFAULT_AD_COUNT);
        const count = Number.isInteger(max) ? Math.min(Math.max(max, 1), MAX_AD_COUNT) : DEFAULT_AD_COUNT;
        const language = body[AD_LANGUAGE_FIELD] === 'es' ? 'es' : 'en';
        return { status: 200, json: sandboxAdList({ baseUrl, product, language, topBid: bid, count, requestId, time: SANDBOX_ANSWER_TIME }) };
      }
      case 'leadBuyer':
        return { status: 200, json: { accepted: true, lead_id: requestId.replace('sbx-', 'sbx-lead-') } };
    }
  }

  /** Answers the links the ads point at (images, clicks, impressions); false when the path is not one. */
  function serveAsset(path: string, res: http.ServerResponse): boolean {
    const image = /^\/images\/([a-z]+)-(small|medium|large)\.svg$/.exec(path);
    if (image) {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- group 1 is not optional, so a match fills it
      const svg = sandboxAdImage(image[1]!, image[2] as keyof typeof SANDBOX_IMAGE_SIZES);
      if (svg === undefined) return false;
      send(res, { status: 200, type: 'image/svg+xml', text: svg });
      return true;
    }
    const click = /^\/click\/([a-z0-9-]+)$/.exec(path);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- group 1 is not optional, so a match fills it
    const landing = click ? sandboxAdLanding(click[1]!) : undefined;
    if (landing) {
      res.writeHead(302, { location: landing }).end();
      return true;
    }
    if (/^\/impression\/[a-z0-9-]+$/.test(path)) {
      res.writeHead(204).end();
      return true;
    }
    return false;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const endpoints = Object.fromEntries(
    (Object.keys(SANDBOX_PATHS) as Endpoint[]).map((name) => [name, `${baseUrl}${SANDBOX_PATHS[name]}`]),
  ) as Record<Endpoint, string>;

  return {
    url: baseUrl,
    endpoints,
    token,
    events,
    setBidOffset(offset) {
      bidOffset = offset;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

function send(res: http.ServerResponse, answer: Answer): void {
  if ('json' in answer) {
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.json));
  } else {
    res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.text);
  }
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new SandboxRefusal(413, `body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJsonBody(raw: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new SandboxRefusal(400, 'body must be JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new SandboxRefusal(400, 'body must be a JSON object');
  return body as Record<string, unknown>;
}

/** The ZIP a request carries: `data.zip` for the marketplace payloads, `zip` for the others. */
function zipOf(endpoint: Endpoint, body: Record<string, unknown>): string | undefined {
  const holder = endpoint === 'demandCheck' || endpoint === 'getPhone' ? body.data : body;
  if (typeof holder !== 'object' || holder === null) return undefined;
  const zip = (holder as Record<string, unknown>).zip;
  return typeof zip === 'string' ? zip : undefined;
}
