/**
 * The audit rows of the control-center API, written as each endpoint declares them
 * (`Endpoint.audit` in core/contract): the item kind is the declaration's, the action one it names,
 * the account the signed-in staff member making the request.
 */
import type { FastifyRequest } from 'fastify';
import type { Endpoint, EndpointAudit } from '../../../core/contract/endpoint.ts';
import { staffOf } from '../staff.ts';
import type { NewAuditEntry } from './audit-log-store.ts';

/** An endpoint that writes the audit log. */
export type AuditedEndpoint = Endpoint & { audit: EndpointAudit };

/** One change `E` made: everything but who and the item kind, with one of `E`'s declared actions. */
export type AuditedChange<E extends AuditedEndpoint> = Omit<NewAuditEntry, 'userEmail' | 'itemKind' | 'action'> & { action: E['audit']['actions'][number] };

/**
 * Records `change` in the audit log under the request's signed-in account and `endpoint`'s item kind.
 * @example
 * await auditChange(request, CC_PHONE_RULE_CREATE, { branch: 'ac', itemId: rule.id, action: 'create', after: fields });
 */
export async function auditChange<E extends AuditedEndpoint>(request: FastifyRequest, endpoint: E, change: AuditedChange<E>): Promise<void> {
  const staff = await staffOf(request);
  await request.server.store.recordAudit({ userEmail: staff.email, itemKind: endpoint.audit.kind, ...change });
}
