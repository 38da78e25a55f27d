/**
 * The control center's audit log: every change staff make, who made it, when, to what,
 * and the item before and after, as JSON. Rows are only ever added. Shown per branch and per item.
 */
import type { Kysely } from 'kysely';
import { assertPositiveInteger } from '../../platform/store/arguments.ts';
import type { Database } from '../../platform/store/schema.ts';

/** One change to record. */
export interface NewAuditEntry {
  /** Who: the signed-in account's email. */
  userEmail: string;
  /** The branch (brand id) the item belongs to; null for changes outside a branch (accounts). */
  branch: string | null;
  /** What kind of item: 'page', 'image', 'article', 'user', 'lead'… */
  itemKind: string;
  /** The item's id within its kind and branch (a route name, an image hash, an article slug…). */
  itemId: string;
  /** What was done: 'save-draft', 'publish', 'restore', 'upload', 'delete', 'reveal'… */
  action: string;
  /** The item before and after the change (JSON-serialisable; undefined when there was none). */
  before?: unknown;
  after?: unknown;
  now?: Date;
}

/** A recorded change. */
export interface AuditEntry {
  id: number;
  at: string;
  userEmail: string;
  branch: string | null;
  itemKind: string;
  itemId: string;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** Which entries to list, newest first. */
export interface AuditQuery {
  branch?: string;
  itemKind?: string;
  itemId?: string;
  limit: number;
}

/** The store's audit-log methods. */
export interface AuditLogStore {
  recordAudit(entry: NewAuditEntry): Promise<AuditEntry>;
  listAudit(query: AuditQuery): Promise<AuditEntry[]>;
}

const parse = (text: string | null): unknown => (text === null ? undefined : JSON.parse(text));

/** Builds the audit-log methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createAuditLogQueries(db: Kysely<Database>, assertOpen: () => void): AuditLogStore {
  return {
    async recordAudit({ userEmail, branch, itemKind, itemId, action, before, after, now = new Date() }) {
      assertOpen();
      const row = {
        at: now.toISOString(),
        user_email: userEmail,
        branch,
        item_kind: itemKind,
        item_id: itemId,
        action,
        before_json: before === undefined ? null : JSON.stringify(before),
        after_json: after === undefined ? null : JSON.stringify(after),
      };
      const inserted = await db.insertInto('audit_log').values(row).returning('id').executeTakeFirstOrThrow();
      return { id: Number(inserted.id), at: row.at, userEmail, branch, itemKind, itemId, action, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
    },

    async listAudit({ branch, itemKind, itemId, limit }) {
      assertOpen();
      assertPositiveInteger('audit limit', limit);
      let query = db.selectFrom('audit_log').selectAll();
      if (branch !== undefined) query = query.where('branch', '=', branch);
      if (itemKind !== undefined) query = query.where('item_kind', '=', itemKind);
      if (itemId !== undefined) query = query.where('item_id', '=', itemId);
      const rows = await query.orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: Number(row.id),
        at: row.at,
        userEmail: row.user_email,
        branch: row.branch,
        itemKind: row.item_kind,
        itemId: row.item_id,
        action: row.action,
        ...(row.before_json === null ? {} : { before: parse(row.before_json) }),
        ...(row.after_json === null ? {} : { after: parse(row.after_json) }),
      }));
    },
  };
}
