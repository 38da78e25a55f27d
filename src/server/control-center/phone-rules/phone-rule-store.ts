/**
 * Phone rules (migration 0008): per branch, the number shown to visitors
 * who came with an affiliate id (`afid`), optionally limited to some routes and some days. Which
 * rule applies to a visit is decided by core/phone-rules/match.ts over the rules this returns.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PhoneRuleFields } from '../../../core/phone-rules/fields.ts';
import type { Database, PhoneRulesTable } from '../../platform/store/schema.ts';

/** A stored rule: its fields, its id and who created and last changed it when. */
export interface StoredPhoneRule extends PhoneRuleFields {
  id: string;
  branch: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

/** The store's phone-rule methods. */
export interface PhoneRuleStore {
  /** Adds a rule to a branch under a new id. */
  createPhoneRule(branch: string, fields: PhoneRuleFields, by: string, now?: Date): Promise<StoredPhoneRule>;
  /** A branch's rules, by afid then oldest first. */
  listPhoneRules(branch: string): Promise<StoredPhoneRule[]>;
  /** The rules of a branch for one afid: what a visit with that afid is matched against. */
  listPhoneRulesForAfid(branch: string, afid: string): Promise<StoredPhoneRule[]>;
  /** One rule of a branch, or undefined. */
  getPhoneRule(branch: string, id: string): Promise<StoredPhoneRule | undefined>;
  /** Replaces a rule's fields; undefined when the branch has no such rule. */
  updatePhoneRule(branch: string, id: string, fields: PhoneRuleFields, by: string, now?: Date): Promise<StoredPhoneRule | undefined>;
  /** Removes a rule; false when the branch had none with that id. */
  deletePhoneRule(branch: string, id: string): Promise<boolean>;
}

/** The columns of a rule's editable fields. */
function fieldColumns(fields: PhoneRuleFields): Pick<PhoneRulesTable, 'afid' | 'number' | 'routes_json' | 'starts_on' | 'ends_on'> {
  return {
    afid: fields.afid,
    number: fields.number,
    routes_json: fields.routes.length === 0 ? null : JSON.stringify(fields.routes),
    starts_on: fields.startsOn,
    ends_on: fields.endsOn,
  };
}

function fromRow(row: PhoneRulesTable): StoredPhoneRule {
  return {
    id: row.id,
    branch: row.branch,
    afid: row.afid,
    number: row.number,
    routes: row.routes_json === null ? [] : (JSON.parse(row.routes_json) as string[]),
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

/** Builds the phone-rule methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createPhoneRuleQueries(db: Kysely<Database>, assertOpen: () => void): PhoneRuleStore {
  async function getPhoneRule(branch: string, id: string): Promise<StoredPhoneRule | undefined> {
    const row = await db.selectFrom('phone_rules').selectAll().where('branch', '=', branch).where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  }

  return {
    async createPhoneRule(branch, fields, by, now = new Date()) {
      assertOpen();
      const at = now.toISOString();
      const row: PhoneRulesTable = { id: randomUUID(), branch, ...fieldColumns(fields), created_at: at, created_by: by, updated_at: at, updated_by: by };
      await db.insertInto('phone_rules').values(row).execute();
      return fromRow(row);
    },

    async listPhoneRules(branch) {
      assertOpen();
      const rows = await db.selectFrom('phone_rules').selectAll().where('branch', '=', branch).orderBy('afid').orderBy('created_at').orderBy('id').execute();
      return rows.map(fromRow);
    },

    async listPhoneRulesForAfid(branch, afid) {
      assertOpen();
      const rows = await db.selectFrom('phone_rules').selectAll().where('branch', '=', branch).where('afid', '=', afid).orderBy('id').execute();
      return rows.map(fromRow);
    },

    async getPhoneRule(branch, id) {
      assertOpen();
      return getPhoneRule(branch, id);
    },

    async updatePhoneRule(branch, id, fields, by, now = new Date()) {
      assertOpen();
      const result = await db
        .updateTable('phone_rules')
        .set({ ...fieldColumns(fields), updated_at: now.toISOString(), updated_by: by })
        .where('branch', '=', branch)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? getPhoneRule(branch, id) : undefined;
    },

    async deletePhoneRule(branch, id) {
      assertOpen();
      const result = await db.deleteFrom('phone_rules').where('branch', '=', branch).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
