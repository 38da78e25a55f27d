/**
 * Versioned control-center content (pages and articles): every save of a page's staff
 * fields or of an article is a new numbered version (content_versions, never changed); publishing
 * points the item's live row (content_live) at a version. A draft is any version newer than the
 * live one. Two editors saving on the same base version: the second is refused (a conflict), and
 * sees the version that won.
 *
 * Items are `(kind, branch, itemKey)`: kind 'page' (itemKey: the route name) or 'article'
 * (itemKey: the slug). Fields are JSON objects validated by the caller (core schemas); an image is
 * referenced in fields as the 64-hex sha256 of an image of the same branch (store/images.ts).
 */
import type { Kysely } from 'kysely';
import type { ContentLiveTable, ContentVersionsTable, Database } from '../platform/store/schema.ts';

/** What a version belongs to. */
export type ContentKind = 'page' | 'article';

/** One saved version. */
export interface ContentVersion {
  kind: ContentKind;
  branch: string;
  itemKey: string;
  version: number;
  fields: Record<string, unknown>;
  createdAt: string;
  createdBy: string;
}

/** Which version of an item is live, and since when. */
export interface LiveContent {
  version: number;
  publishedAt: string;
  publishedBy: string;
}

/** A save: the new fields, and the version the editor started from (0 when there was none). */
export interface ContentSave {
  kind: ContentKind;
  branch: string;
  itemKey: string;
  fields: Record<string, unknown>;
  baseVersion: number;
  by: string;
  now?: Date;
}

/** A save's outcome: the new version, or a conflict carrying the newest version someone else saved. */
export type SaveOutcome = { saved: ContentVersion } | { conflict: ContentVersion };

/** The store's content methods. */
export interface ContentStore {
  /** Saves a new version when `baseVersion` is still the item's newest; otherwise a conflict (nothing is written). */
  saveContentVersion(save: ContentSave): Promise<SaveOutcome>;
  /** Every version of an item, newest first. */
  listContentVersions(kind: ContentKind, branch: string, itemKey: string): Promise<ContentVersion[]>;
  /** One version, or undefined. */
  getContentVersion(kind: ContentKind, branch: string, itemKey: string, version: number): Promise<ContentVersion | undefined>;
  /** Makes `version` the live one (publish, or restore by publishing an older version); false when there is no such version. */
  publishContentVersion(kind: ContentKind, branch: string, itemKey: string, version: number, by: string, now?: Date): Promise<LiveContent | undefined>;
  /** The live version of an item, with its fields; undefined when it was never published. */
  getLiveContent(kind: ContentKind, branch: string, itemKey: string): Promise<(ContentVersion & { live: LiveContent }) | undefined>;
  /** True when the branch has at least one published item of the kind (a brand "has articles"). */
  hasLiveContent(kind: ContentKind, branch: string): Promise<boolean>;
  /** Every item of a kind in a branch: its newest version and, if any, its live version number. */
  listContentItems(kind: ContentKind, branch: string): Promise<Array<{ itemKey: string; newest: ContentVersion; live?: LiveContent }>>;
  /** Items whose newest or live version references `sha256` in its fields (an image's users). */
  findContentUsingImage(branch: string, sha256: string): Promise<Array<{ kind: ContentKind; itemKey: string; version: number }>>;
}

/** A content_versions row as read (its generated id left out: nothing outside the table uses it). */
type VersionRow = Omit<ContentVersionsTable, 'id'>;

function fromVersionRow(row: VersionRow): ContentVersion {
  return {
    kind: row.kind as ContentKind,
    branch: row.branch,
    itemKey: row.item_key,
    version: row.version,
    fields: JSON.parse(row.fields_json) as Record<string, unknown>,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

function fromLiveRow(row: Pick<ContentLiveTable, 'version' | 'published_at' | 'published_by'>): LiveContent {
  return { version: row.version, publishedAt: row.published_at, publishedBy: row.published_by };
}

/** Builds the content methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createContentQueries(db: Kysely<Database>, assertOpen: () => void): ContentStore {
  const versionsOf = (kind: ContentKind, branch: string, itemKey: string) =>
    db.selectFrom('content_versions').selectAll().where('kind', '=', kind).where('branch', '=', branch).where('item_key', '=', itemKey);

  async function newest(kind: ContentKind, branch: string, itemKey: string): Promise<ContentVersion | undefined> {
    const row = await versionsOf(kind, branch, itemKey).orderBy('version', 'desc').limit(1).executeTakeFirst();
    return row === undefined ? undefined : fromVersionRow(row);
  }

  const queries: ContentStore = {
    async saveContentVersion({ kind, branch, itemKey, fields, baseVersion, by, now = new Date() }) {
      assertOpen();
      if (!Number.isInteger(baseVersion) || baseVersion < 0) throw new RangeError(`base version must be a whole number >= 0, got ${String(baseVersion)}`);
      const current = await newest(kind, branch, itemKey);
      if (current !== undefined && current.version !== baseVersion) return { conflict: current };
      if (current === undefined && baseVersion !== 0) throw new RangeError(`${kind} ${branch}/${itemKey} has no version ${baseVersion}`);
      const row = {
        kind,
        branch,
        item_key: itemKey,
        version: baseVersion + 1,
        fields_json: JSON.stringify(fields),
        created_at: now.toISOString(),
        created_by: by,
      };
      // The check above can race with another save on the same base: both then insert the same
      // version number, and the unique (kind, branch, item_key, version) constraint lets one in.
      const inserted = await db
        .insertInto('content_versions')
        .values(row)
        .onConflict((conflict) => conflict.columns(['kind', 'branch', 'item_key', 'version']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
        const winner = await newest(kind, branch, itemKey);
        if (winner === undefined) throw new Error(`${kind} ${branch}/${itemKey}: a save conflicted, yet the item has no version`);
        return { conflict: winner };
      }
      return { saved: fromVersionRow(row) };
    },

    async listContentVersions(kind, branch, itemKey) {
      assertOpen();
      const rows = await versionsOf(kind, branch, itemKey).orderBy('version', 'desc').execute();
      return rows.map(fromVersionRow);
    },

    async getContentVersion(kind, branch, itemKey, version) {
      assertOpen();
      const row = await versionsOf(kind, branch, itemKey).where('version', '=', version).executeTakeFirst();
      return row === undefined ? undefined : fromVersionRow(row);
    },

    async publishContentVersion(kind, branch, itemKey, version, by, now = new Date()) {
      assertOpen();
      const exists = await versionsOf(kind, branch, itemKey).select('version').where('version', '=', version).executeTakeFirst();
      if (exists === undefined) return undefined;
      const live = { version, published_at: now.toISOString(), published_by: by };
      await db
        .insertInto('content_live')
        .values({ kind, branch, item_key: itemKey, ...live })
        .onConflict((conflict) => conflict.columns(['kind', 'branch', 'item_key']).doUpdateSet(live))
        .execute();
      return fromLiveRow(live);
    },

    async getLiveContent(kind, branch, itemKey) {
      assertOpen();
      // One indexed join: pages read this on every request, so it stays a single round trip.
      const row = await db
        .selectFrom('content_live as live')
        .innerJoin('content_versions as v', (join) =>
          join.onRef('v.kind', '=', 'live.kind').onRef('v.branch', '=', 'live.branch').onRef('v.item_key', '=', 'live.item_key').onRef('v.version', '=', 'live.version'),
        )
        .selectAll('v')
        .select(['live.published_at', 'live.published_by'])
        .where('live.kind', '=', kind)
        .where('live.branch', '=', branch)
        .where('live.item_key', '=', itemKey)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      return { ...fromVersionRow(row), live: fromLiveRow(row) };
    },

    async hasLiveContent(kind, branch) {
      assertOpen();
      const row = await db.selectFrom('content_live').select('item_key').where('kind', '=', kind).where('branch', '=', branch).limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async listContentItems(kind, branch) {
      assertOpen();
      const [rows, liveRows] = await Promise.all([
        db.selectFrom('content_versions').selectAll().where('kind', '=', kind).where('branch', '=', branch).orderBy('item_key').orderBy('version', 'desc').execute(),
        db.selectFrom('content_live').selectAll().where('kind', '=', kind).where('branch', '=', branch).execute(),
      ]);
      const live = new Map(liveRows.map((row) => [row.item_key, fromLiveRow(row)]));
      const items: Array<{ itemKey: string; newest: ContentVersion; live?: LiveContent }> = [];
      for (const row of rows) {
        // Rows come newest first within each item: the first row of an item is its newest.
        if (items.at(-1)?.itemKey === row.item_key) continue;
        const itemLive = live.get(row.item_key);
        items.push({ itemKey: row.item_key, newest: fromVersionRow(row), ...(itemLive ? { live: itemLive } : {}) });
      }
      return items;
    },

    async findContentUsingImage(branch, sha256) {
      assertOpen();
      const users: Array<{ kind: ContentKind; itemKey: string; version: number }> = [];
      for (const kind of ['page', 'article'] as const) {
        for (const item of await queries.listContentItems(kind, branch)) {
          const versions = [item.newest];
          if (item.live !== undefined && item.live.version !== item.newest.version) {
            const liveVersion = await queries.getContentVersion(kind, branch, item.itemKey, item.live.version);
            if (liveVersion) versions.push(liveVersion);
          }
          for (const version of versions) {
            if (version.fields.image === sha256) users.push({ kind, itemKey: item.itemKey, version: version.version });
          }
        }
      }
      return users;
    },
  };
  return queries;
}
