/**
 * Opt-outs of the sale and sharing of personal information, kept durably: which brand's
 * site, which anonymous visitor (the id the browser's privacy cookie carries), when, and whether
 * the browser also sent Global Privacy Control. No IP address and nothing personal. The first
 * opt-out is the one kept: opting out again changes nothing, so the date a visitor is shown is
 * the date they first chose.
 */
import type { Kysely } from 'kysely';
import type { Database, PrivacyChoicesTable } from '../platform/store/schema.ts';

/** An opt-out to record. */
export interface NewPrivacyOptOut {
  brandId: string;
  anonymousId: string;
  /** The request carried `Sec-GPC: 1`. */
  gpc: boolean;
  /** When (default: now). */
  now?: Date;
}

/** A recorded opt-out. */
export interface PrivacyOptOutRow {
  brandId: string;
  anonymousId: string;
  /** Server ISO time of the first opt-out. */
  optedOutAt: string;
  gpc: boolean;
}

/** The store's privacy-choice methods. */
export interface PrivacyChoiceStore {
  /** Records the opt-out unless this visitor already opted out on this brand; resolves with the stored one after its commit. */
  recordPrivacyOptOut(optOut: NewPrivacyOptOut): Promise<PrivacyOptOutRow>;
  /** The visitor's opt-out on the brand, or undefined. */
  getPrivacyOptOut(brandId: string, anonymousId: string): Promise<PrivacyOptOutRow | undefined>;
}

function fromRow(row: PrivacyChoicesTable): PrivacyOptOutRow {
  return { brandId: row.brand_id, anonymousId: row.anonymous_id, optedOutAt: row.opted_out_at, gpc: row.gpc === 1 };
}

/** Builds the privacy-choice methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createPrivacyChoiceQueries(db: Kysely<Database>, assertOpen: () => void): PrivacyChoiceStore {
  async function find(brandId: string, anonymousId: string): Promise<PrivacyOptOutRow | undefined> {
    const row = await db.selectFrom('privacy_choices').selectAll().where('brand_id', '=', brandId).where('anonymous_id', '=', anonymousId).executeTakeFirst();
    return row === undefined ? undefined : fromRow(row);
  }

  return {
    async recordPrivacyOptOut({ brandId, anonymousId, gpc, now = new Date() }) {
      assertOpen();
      await db
        .insertInto('privacy_choices')
        .values({ brand_id: brandId, anonymous_id: anonymousId, opted_out_at: now.toISOString(), gpc: gpc ? 1 : 0 })
        .onConflict((conflict) => conflict.columns(['brand_id', 'anonymous_id']).doNothing())
        .execute();
      const stored = await find(brandId, anonymousId);
      if (!stored) throw new Error('privacy opt-out not found right after it was recorded');
      return stored;
    },

    async getPrivacyOptOut(brandId, anonymousId) {
      assertOpen();
      return find(brandId, anonymousId);
    },
  };
}
