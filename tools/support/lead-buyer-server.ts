/**
 * A real lead buyer for tests and the leads benchmark: a node:http server on 127.0.0.1 (free
 * port) speaking the buyer protocol the outbox worker talks. It records every request (headers,
 * Idempotency-Key, body) and, like a real buyer, takes each Idempotency-Key once: a repeat of an
 * accepted key gets the first answer again and is not a new delivery.
 *
 * Modes (switch at any time with `setMode`, or script the next answers with `queueModes`):
 * - `ok`: 200 `{ accepted: true, lead_id, price }`
 * - `500`: 500 `{ error }`
 * - `hang`: reads the request and never answers (until the server closes)
 * - `reject`: 422 `{ accepted: false, reason }`
 */
import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the buyer answers. */
export type LeadBuyerMode = 'ok' | '500' | 'hang' | 'reject';

/** The price the buyer pays for every lead in `ok` mode. */
export const FIXTURE_LEAD_PRICE = 12.5;

/** The reason the buyer gives in `reject` mode. */
export const FIXTURE_REJECT_REASON = 'zip code not served';

/** One request as the buyer received it. */
export interface LeadBuyerRequest {
  method: string;
  path: string;
  /** Lower-cased header names, as node:http gives them. */
  headers: http.IncomingHttpHeaders;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The parsed JSON body (undefined if it was not JSON). */
  body: unknown;
  /** The mode that answered it. */
  mode: LeadBuyerMode;
}

/** One accepted delivery, per Idempotency-Key. */
export interface LeadBuyerDelivery {
  /** The buyer's lead id for it. */
  buyerLeadId: string;
  /** How many requests carried this key (1 when nothing was ever re-sent). */
  requests: number;
}

/** A running fixture buyer. */
export interface FixtureLeadBuyer {
  /** Where to POST leads (LEAD_BUYER_URL). */
  readonly url: string;
  /** Every request, in arrival order. */
  readonly requests: LeadBuyerRequest[];
  /** Accepted deliveries by Idempotency-Key: its size is the number of distinct leads received. */
  readonly deliveries: Map<string, LeadBuyerDelivery>;
  /** Emits 'request' (LeadBuyerRequest) on every arrival. */
  readonly events: EventEmitter;
  /** The mode for requests with no queued mode. */
  setMode(mode: LeadBuyerMode): void;
  /** Answers the next requests with these modes, in order, then falls back to the current mode. */
  queueModes(...modes: LeadBuyerMode[]): void;
  /** Delays every answer (not `hang`) by this many milliseconds; 0 by default. */
  setDelay(ms: number): void;
  /** Requests that carried `key`. */
  requestsFor(key: string): LeadBuyerRequest[];
  /** Resolves once at least `count` requests arrived in total. */
  waitForRequests(count: number): Promise<void>;
  /** Stops the server, cutting off hanging requests. */
  close(): Promise<void>;
}

/** The path the fixture listens on (any path is accepted; this one is what `url` names). */
const LEADS_PATH = '/leads';

/** Starts a fixture buyer in `mode` (default `ok`). */
export async function startLeadBuyer(mode: LeadBuyerMode = 'ok'): Promise<FixtureLeadBuyer> {
  let currentMode = mode;
  let delayMs = 0;
  const queued: LeadBuyerMode[] = [];
  const requests: LeadBuyerRequest[] = [];
  const deliveries = new Map<string, LeadBuyerDelivery>();
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const timers = new Set<NodeJS.Timeout>();
  let nextBuyerLead = 1;

  function answer(res: http.ServerResponse, status: number, json: unknown): void {
    const send = () => {
      if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    };
    if (delayMs === 0) return send();
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, delayMs);
    timers.add(timer);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = undefined;
      }
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const requestMode = queued.shift() ?? currentMode;
      const seen: LeadBuyerRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        idempotencyKey: header('idempotency-key'),
        authorization: header('authorization'),
        body,
        mode: requestMode,
      };
      requests.push(seen);
      const key = seen.idempotencyKey;
      const earlier = key === undefined ? undefined : deliveries.get(key);
      if (earlier) earlier.requests += 1;
      events.emit('request', seen);
      // A key the buyer already took: the first answer again, whatever the mode (idempotency).
      if (earlier) return answer(res, 200, { accepted: true, lead_id: earlier.buyerLeadId, price: FIXTURE_LEAD_PRICE, duplicate: true });
      switch (requestMode) {
        case 'ok': {
          const buyerLeadId = `buyer-${nextBuyerLead++}`;
          if (key !== undefined) deliveries.set(key, { buyerLeadId, requests: 1 });
          return answer(res, 200, { accepted: true, lead_id: buyerLeadId, price: FIXTURE_LEAD_PRICE });
        }
        case '500':
          return answer(res, 500, { error: 'buyer fixture: simulated failure' });
        case 'reject':
          return answer(res, 422, { accepted: false, reason: FIXTURE_REJECT_REASON });
        case 'hang':
          return;
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${LEADS_PATH}`,
    requests,
    deliveries,
    events,
    setMode(next) {
      currentMode = next;
    },
    queueModes(...modes) {
      queued.push(...modes);
    },
    setDelay(ms) {
      delayMs = ms;
    },
    requestsFor: (key) => requests.filter((request) => request.idempotencyKey === key),
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => {
        const onRequest = () => {
          if (requests.length < count) return;
          events.off('request', onRequest);
          resolve();
        };
        events.on('request', onRequest);
      });
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Hanging requests would keep close() waiting forever.
      server.closeAllConnections();
      await closed;
    },
  };
}
