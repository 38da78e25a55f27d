/**
 * An upstream call made on behalf of a visitor's request: it is aborted as soon as the visitor
 * disconnects (nobody is left to answer), and it is recorded in the store, PII redacted,
 * whatever its outcome.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import type { ExchangeKind } from '../store/index.ts';
import { redactPii } from './redact.ts';
import { postToUpstream, type UpstreamOutcome } from './upstream.ts';

/** The call to make and record. */
export interface VisitorExchange {
  kind: ExchangeKind;
  url: string;
  /** The body exactly as sent upstream; recorded with PII redacted. */
  body: unknown;
  token?: string;
  timeoutMs: number;
  dispatcher: Dispatcher;
}

/** Why a call is aborted when the visitor goes away (the reason shows in the recorded error). */
const VISITOR_DISCONNECTED = 'visitor disconnected';

/** Posts upstream for this request, then records the exchange; never throws. */
export async function exchangeForVisitor(request: FastifyRequest, reply: FastifyReply, exchange: VisitorExchange): Promise<UpstreamOutcome> {
  const visitor = new AbortController();
  // The response closing before it was written means the visitor's connection went away.
  const onClose = () => {
    if (!reply.raw.writableEnded) visitor.abort(new Error(VISITOR_DISCONNECTED));
  };
  reply.raw.once('close', onClose);
  // The visitor may already have left while the body was being read.
  if (request.raw.socket?.destroyed) onClose();
  let outcome: UpstreamOutcome;
  try {
    outcome = await postToUpstream({
      url: exchange.url,
      body: exchange.body,
      timeoutMs: exchange.timeoutMs,
      signal: visitor.signal,
      dispatcher: exchange.dispatcher,
      ...(exchange.token ? { token: exchange.token } : {}),
    });
  } finally {
    reply.raw.off('close', onClose);
  }
  try {
    await request.server.store.recordExchange({
      kind: exchange.kind,
      brandId: request.brand?.id ?? '',
      url: exchange.url,
      request: redactPii(exchange.body),
      status: outcome.status,
      response: outcome.raw,
      error: outcome.ok ? null : outcome.error,
      latencyMs: outcome.latencyMs,
    });
  } catch (error) {
    // The visitor's answer matters more than its record: log the failure and answer anyway.
    request.log.error({ err: error, kind: exchange.kind }, 'could not record upstream exchange');
  }
  return outcome;
}
