/**
 * The control center's JSON calls from the browser: one function for every
 * `/api/cc/…` endpoint of the contract. Sends and reads JSON on the same origin with the session
 * cookie; a refused call (400 with problems, 401, 403, 404, 409) throws a {@link ControlCenterApiError}
 * carrying the status and the server's problems, for the form to show inline.
 */
import type * as z from 'zod';
import { fillPath, type Endpoint } from '../../core/contract/endpoint.ts';

/** A refused or failed control-center call. */
export class ControlCenterApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: readonly string[],
    /** The whole JSON answer (a 409 carries the other editor's version). */
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** What a call sends: path placeholders, and the JSON body (POST, PUT) or query (GET, DELETE). */
export interface CallInput<Request> {
  params?: Readonly<Record<string, string>>;
  body?: Request;
  query?: Readonly<Record<string, string | undefined>>;
}

/** Calls `endpoint`; resolves with its parsed answer or throws {@link ControlCenterApiError}. */
export async function callControlCenter<Request extends z.ZodType, Response extends z.ZodType>(
  endpoint: Endpoint<Request, Response>,
  input: CallInput<z.input<Request>> = {},
): Promise<z.output<Response>> {
  let url = fillPath(endpoint.path, input.params ?? {});
  const query = new URLSearchParams(Object.entries(input.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
  if ([...query].length > 0) url += `?${query}`;
  const response = await fetch(url, {
    method: endpoint.method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(input.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(input.body === undefined ? {} : { body: JSON.stringify(input.body) }),
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const answer = (json ?? {}) as { error?: string; problems?: string[] };
    throw new ControlCenterApiError(response.status, answer.error ?? `${endpoint.method} ${url} answered ${response.status}`, answer.problems ?? [], json);
  }
  return endpoint.response.parse(json);
}
