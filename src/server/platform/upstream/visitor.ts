/**
 * An upstream call made on behalf of a visitor's request: aborted as soon as the visitor
 * disconnects (nobody is left to answer), and recorded for the request's brand, PII redacted,
 * whatever its outcome (see relay.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExchangeKind } from '../store/index.ts';
import { relay, type UpstreamCall, type UpstreamOutcome } from './relay.ts';

/** What differs between the visitor-facing relays: which call, where, what, with which token. */
export interface VisitorCall extends Omit<UpstreamCall, 'signal'> {
  kind: ExchangeKind;
}

/** Why a call is aborted when the visitor goes away (the reason shows in the recorded error). */
const VISITOR_DISCONNECTED = 'visitor disconnected';

/** Relays `call` for this request, then records the exchange; never throws. */
export async function relayForVisitor(request: FastifyRequest, reply: FastifyReply, call: VisitorCall): Promise<UpstreamOutcome> {
  const visitor = new AbortController();
  // The response closing before it was written means the visitor's connection went away.
  const onClose = () => {
    if (!reply.raw.writableEnded) visitor.abort(new Error(VISITOR_DISCONNECTED));
  };
  reply.raw.once('close', onClose);
  // The visitor may already have left while the body was being read.
  if (request.raw.socket?.destroyed) onClose();
  try {
    return await relay(
      { ...call, brandId: request.brand?.id ?? '', signal: visitor.signal },
      {
        record: (exchange) => request.server.store.recordExchange(exchange),
        recordFailed: (error) => request.log.error({ err: error, kind: call.kind }, 'could not record upstream exchange'),
      },
    );
  } finally {
    reply.raw.off('close', onClose);
  }
}
