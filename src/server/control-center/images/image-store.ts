/**
 * Uploaded images: `images` holds one row per image of a branch, keyed by
 * (branch, sha256 of the original bytes); `image_files` holds the bytes of every file of an
 * image (its original format and its WebP renditions), keyed by (sha256, variant) and shared by
 * the branches that uploaded the same bytes. Files live in the database, not on a disk, so every
 * server node serves every image.
 *
 * Adding is idempotent: the same bytes uploaded to the same branch again change nothing. Whether
 * an image may be deleted (no page or article uses it) is the caller's check (content.ts
 * findContentUsingImage); deleting removes the branch's row, and the files once no branch has them.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, ImagesTable } from '../../platform/store/schema.ts';

/** One file of an image to store. */
export interface NewImageFile {
  variant: string;
  mime: string;
  width: number;
  height: number;
  data: Buffer;
}

/** One stored file, without its bytes. */
export interface StoredImageFile {
  variant: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

/** An image of a branch, with its files (narrowest first; the original last among equals). */
export interface StoredImage {
  branch: string;
  sha256: string;
  alt: string;
  mime: string;
  width: number;
  height: number;
  /** Size of the uploaded original, in bytes. */
  bytes: number;
  createdAt: string;
  createdBy: string;
  files: StoredImageFile[];
}

/** An image to add: its facts, who uploads it and every file. */
export interface NewImage {
  branch: string;
  sha256: string;
  alt: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  by: string;
  files: readonly NewImageFile[];
  now?: Date;
}

/** A file to serve. */
export interface ImageFileContent {
  mime: string;
  data: Buffer;
}

/** The store's image methods. */
export interface ImageStore {
  /** Adds an image to a branch; when the branch has these bytes already, nothing changes and `created` is false. */
  addImage(image: NewImage): Promise<{ image: StoredImage; created: boolean }>;
  /** A branch's images, newest first. */
  listImages(branch: string): Promise<StoredImage[]>;
  /** One image of a branch, or undefined. */
  getImage(branch: string, sha256: string): Promise<StoredImage | undefined>;
  /** The bytes of one file of an image (any branch), or undefined. */
  getImageFile(sha256: string, variant: string): Promise<ImageFileContent | undefined>;
  /** Changes an image's alt text; undefined when the branch has no such image. */
  updateImageAlt(branch: string, sha256: string, alt: string): Promise<StoredImage | undefined>;
  /** Removes an image from a branch (and its files once no branch has it); false when there was none. */
  deleteImage(branch: string, sha256: string): Promise<boolean>;
}

/** Builds the image methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createImageQueries(db: Kysely<Database>, assertOpen: () => void): ImageStore {
  /** The files of each of `hashes`, without their bytes, narrowest first. */
  async function filesOf(hashes: readonly string[]): Promise<Map<string, StoredImageFile[]>> {
    const byHash = new Map<string, StoredImageFile[]>();
    if (hashes.length === 0) return byHash;
    const rows = await db
      .selectFrom('image_files')
      .select(['sha256', 'variant', 'mime', 'width', 'height', sql<number | string>`length(data)`.as('bytes')])
      .where('sha256', 'in', hashes)
      .execute();
    // Narrowest first; at equal width the renditions before the original.
    rows.sort((a, b) => a.width - b.width || Number(a.variant.startsWith('original.')) - Number(b.variant.startsWith('original.')) || a.variant.localeCompare(b.variant));
    for (const row of rows) {
      const list = byHash.get(row.sha256) ?? [];
      list.push({ variant: row.variant, mime: row.mime, width: row.width, height: row.height, bytes: Number(row.bytes) });
      byHash.set(row.sha256, list);
    }
    return byHash;
  }

  async function withFiles(rows: readonly ImagesTable[]): Promise<StoredImage[]> {
    const files = await filesOf([...new Set(rows.map((row) => row.sha256))]);
    return rows.map((row) => ({
      branch: row.branch,
      sha256: row.sha256,
      alt: row.alt,
      mime: row.mime,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      createdAt: row.created_at,
      createdBy: row.created_by,
      files: files.get(row.sha256) ?? [],
    }));
  }

  async function getImage(branch: string, sha256: string): Promise<StoredImage | undefined> {
    const row = await db.selectFrom('images').selectAll().where('branch', '=', branch).where('sha256', '=', sha256).executeTakeFirst();
    return row === undefined ? undefined : (await withFiles([row]))[0];
  }

  return {
    async addImage({ branch, sha256, alt, mime, width, height, bytes, by, files, now = new Date() }) {
      assertOpen();
      const created = await db.transaction().execute(async (trx) => {
        // Another branch may have stored the same files already: they are the same bytes.
        for (const file of files) {
          await trx
            .insertInto('image_files')
            .values({ sha256, variant: file.variant, mime: file.mime, width: file.width, height: file.height, data: file.data })
            .onConflict((conflict) => conflict.columns(['sha256', 'variant']).doNothing())
            .execute();
        }
        const result = await trx
          .insertInto('images')
          .values({ branch, sha256, alt, mime, width, height, bytes, created_at: now.toISOString(), created_by: by })
          .onConflict((conflict) => conflict.columns(['branch', 'sha256']).doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      });
      const image = await getImage(branch, sha256);
      if (image === undefined) throw new Error(`image ${sha256} of ${branch} vanished after it was added`);
      return { image, created };
    },

    async listImages(branch) {
      assertOpen();
      const rows = await db.selectFrom('images').selectAll().where('branch', '=', branch).orderBy('created_at', 'desc').orderBy('sha256').execute();
      return withFiles(rows);
    },

    async getImage(branch, sha256) {
      assertOpen();
      return getImage(branch, sha256);
    },

    async getImageFile(sha256, variant) {
      assertOpen();
      const row = await db.selectFrom('image_files').select(['mime', 'data']).where('sha256', '=', sha256).where('variant', '=', variant).executeTakeFirst();
      return row === undefined ? undefined : { mime: row.mime, data: Buffer.from(row.data) };
    },

    async updateImageAlt(branch, sha256, alt) {
      assertOpen();
      const result = await db.updateTable('images').set({ alt }).where('branch', '=', branch).where('sha256', '=', sha256).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? getImage(branch, sha256) : undefined;
    },

    async deleteImage(branch, sha256) {
      assertOpen();
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('images').where('branch', '=', branch).where('sha256', '=', sha256).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        const stillUsed = await trx.selectFrom('images').select('branch').where('sha256', '=', sha256).limit(1).executeTakeFirst();
        if (stillUsed === undefined) await trx.deleteFrom('image_files').where('sha256', '=', sha256).execute();
        return true;
      });
    },
  };
}
