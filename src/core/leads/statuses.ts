/**
 * A lead's delivery statuses: core data shared by the store, the HTTP contract, the control
 * center's filter and the CLI, so the UI and the contract read them without importing the server's
 * store (the layering DESIGN.md draws: core below client, ui and server).
 */

/** Every status a lead can have. */
export const LEAD_STATUSES = ['captured', 'delivered', 'rejected', 'failed', 'call-routed', 'incomplete', 'duplicate'] as const;

/**
 * A lead's status: `captured` is the outbox; `delivered`, `rejected` and `failed` are where a
 * delivery ended (final until an operator retries); `call-routed` went to a phone agent, never to
 * a buyer; `incomplete` lacks what its buyer needs (core/leads/buyer-minimum.ts) and
 * `duplicate` repeats a contact already offered (core/leads/contact-keys.ts): neither is ever
 * delivered.
 */
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/**
 * The statuses of a lead that was or is being offered to its buyer: a later lead from the same
 * contact is a duplicate of one of these only. An incomplete or call-routed lead was never
 * offered, and a duplicate is not the first, so none of them makes a later lead a duplicate.
 */
export const OFFERED_STATUSES = ['captured', 'delivered', 'rejected', 'failed'] as const satisfies readonly LeadStatus[];

/**
 * Why an operator cannot put a lead of this status back in the outbox, or undefined when they
 * can: the leads that must never reach a buyer say so instead of being requeued. The words
 * follow "lead ID" in a sentence.
 *
 * @example
 * retryRefusal('duplicate'); // 'is a duplicate of an earlier lead from the same phone or email, offered to the buyer already: it is never delivered'
 * retryRefusal('failed'); // undefined
 */
export function retryRefusal(status: LeadStatus): string | undefined {
  switch (status) {
    case 'call-routed':
      return 'is call-routed: its visitor was connected by phone, there is nothing to deliver';
    case 'incomplete':
      return 'is incomplete: it lacks answers its buyer needs, so it is never delivered';
    case 'duplicate':
      return 'is a duplicate of an earlier lead from the same phone or email, offered to the buyer already: it is never delivered';
    default:
      return undefined;
  }
}

/** The statuses an operator's retry may requeue (every one {@link retryRefusal} has no objection to). */
export const RETRYABLE_STATUSES: readonly LeadStatus[] = LEAD_STATUSES.filter((status) => retryRefusal(status) === undefined);
