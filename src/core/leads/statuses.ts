/**
 * A lead's delivery statuses: core data shared by the store, the HTTP contract, the control
 * center's filter and the CLI, so the UI and the contract read them without importing the server's
 * store (the layering DESIGN.md draws: core below client, ui and server).
 */

/** Every status a lead can have. */
export const LEAD_STATUSES = ['captured', 'delivered', 'rejected', 'failed', 'call-routed'] as const;

/** A lead's status: `captured` is the outbox; the other four are final until an operator retries. */
export type LeadStatus = (typeof LEAD_STATUSES)[number];
