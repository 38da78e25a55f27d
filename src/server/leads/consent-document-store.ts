/**
 * The consent documents: the HTML of a funnel's consent step as the server rendered it for the
 * visitors of a lead, kept once per distinct sha256 however many leads were shown the same bytes.
 * A lead's consent proof names its document by that hash (ConsentProof.htmlSha256), so the proof
 * can be shown and compared with a new render later. The HTML holds no visitor's values (it is
 * rendered without them), so it is kept for as long as the store, not purged with the leads.
 */
import type { Kysely } from 'kysely';
import type { ConsentDocumentsTable, Database } from '../platform/store/schema.ts';

/** A stored consent document. */
export interface StoredConsentDocument {
  /** sha256 (hex) of `html`'s UTF-8 bytes. */
  sha256: string;
  html: string;
  /** The build whose server first rendered these bytes. */
  buildId: string;
  /** Server ISO time a lead first kept this document. */
  firstSeenAt: string;
}

/** The store's consent-document methods. */
export interface ConsentDocumentStore {
  /**
   * Keeps `document` unless a document with its hash is already kept (the first build and time
   * stay); resolves after its commit.
   */
  saveConsentDocument(document: StoredConsentDocument): Promise<void>;
  /** The document with hash `sha256`, or undefined. */
  getConsentDocument(sha256: string): Promise<StoredConsentDocument | undefined>;
}

function fromRow(row: ConsentDocumentsTable): StoredConsentDocument {
  return { sha256: row.sha256, html: row.html, buildId: row.build_id, firstSeenAt: row.first_seen_at };
}

/** Builds the consent-document methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createConsentDocumentQueries(db: Kysely<Database>, assertOpen: () => void): ConsentDocumentStore {
  return {
    async saveConsentDocument({ sha256, html, buildId, firstSeenAt }) {
      assertOpen();
      await db
        .insertInto('consent_documents')
        .values({ sha256, html, build_id: buildId, first_seen_at: firstSeenAt })
        .onConflict((conflict) => conflict.column('sha256').doNothing())
        .execute();
    },

    async getConsentDocument(sha256) {
      assertOpen();
      const row = await db.selectFrom('consent_documents').selectAll().where('sha256', '=', sha256).executeTakeFirst();
      return row === undefined ? undefined : fromRow(row);
    },
  };
}
