/**
 * The store's migrations: one ordered list, used by both dialects, run at start-up.
 *
 * Migrations are in code (not files on disk) so the list is type-checked, bundled with the
 * server, and identical for SQLite and PostgreSQL. Column types are the dialect-neutral
 * `text`, `integer` and `double precision`; the only dialect branch is the auto-incrementing id
 * (exchanges, lead access log).
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { eventFacets } from '../../events/event-facets.ts';
import type { StoreDialect } from './dialect.ts';

/**
 * Builds the migration list for one dialect. Names sort in apply order; a migration, once
 * shipped, is never edited (add a new one instead).
 */
function storeMigrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001_initial': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .createTable('events')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('type', 'text', (col) => col.notNull())
          .addColumn('event', 'text', (col) => col.notNull())
          .addColumn('brand_id', 'text', (col) => col.notNull())
          .addColumn('session_id', 'text', (col) => col.notNull())
          .addColumn('anonymous_id', 'text', (col) => col.notNull())
          .addColumn('timestamp', 'text', (col) => col.notNull())
          .addColumn('received_at', 'text', (col) => col.notNull())
          .addColumn('ip', 'text')
          .addColumn('properties', 'text', (col) => col.notNull())
          .execute();
        // Per-brand listing and daily stats read by (brand_id, received_at); the control
        // center filters by event name; unfiltered listing is newest-first by received_at.
        await db.schema.createIndex('events_brand_received').on('events').columns(['brand_id', 'received_at']).execute();
        await db.schema.createIndex('events_event').on('events').column('event').execute();
        await db.schema.createIndex('events_received').on('events').column('received_at').execute();

        await db.schema
          .createTable('user_states')
          .addColumn('anonymous_id', 'text', (col) => col.primaryKey())
          .addColumn('state', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .execute();

        // SQLite spells an auto-incrementing key INTEGER PRIMARY KEY AUTOINCREMENT (which also
        // never reuses a deleted id); PostgreSQL spells it serial.
        const exchanges =
          dialect === 'sqlite'
            ? db.schema.createTable('upstream_exchanges').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
            : db.schema.createTable('upstream_exchanges').addColumn('id', 'serial', (col) => col.primaryKey());
        await exchanges
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('brand_id', 'text', (col) => col.notNull())
          .addColumn('url', 'text', (col) => col.notNull())
          .addColumn('request', 'text', (col) => col.notNull())
          .addColumn('status', 'integer')
          .addColumn('response', 'text')
          .addColumn('error', 'text')
          .addColumn('latency_ms', 'integer', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('upstream_exchanges_kind').on('upstream_exchanges').columns(['kind', 'id']).execute();
      },
    },
    '0002_leads': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .createTable('leads')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('brand_id', 'text', (col) => col.notNull())
          .addColumn('route', 'text', (col) => col.notNull())
          .addColumn('funnel', 'text', (col) => col.notNull())
          .addColumn('product', 'text', (col) => col.notNull())
          .addColumn('language', 'text', (col) => col.notNull())
          .addColumn('anonymous_id', 'text', (col) => col.notNull())
          .addColumn('session_id', 'text', (col) => col.notNull())
          .addColumn('fields', 'text', (col) => col.notNull())
          .addColumn('consent', 'text')
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'text')
          .addColumn('queued_at', 'text')
          .addColumn('last_error', 'text')
          .addColumn('buyer_lead_id', 'text')
          // double precision on both: SQLite gives it REAL affinity, and pg parses float8 to a
          // JS number (numeric would come back as a string on PostgreSQL only).
          .addColumn('buyer_price', 'double precision')
          .addColumn('buyer_response', 'text')
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .addColumn('delivered_at', 'text')
          .execute();
        // The outbox worker claims by (status, next_attempt_at); listings are per brand and
        // newest first; retention deletes by created_at.
        await db.schema.createIndex('leads_status_next_attempt').on('leads').columns(['status', 'next_attempt_at']).execute();
        await db.schema.createIndex('leads_brand_created').on('leads').columns(['brand_id', 'created_at']).execute();
        await db.schema.createIndex('leads_created').on('leads').column('created_at').execute();

        const accessLog =
          dialect === 'sqlite'
            ? db.schema.createTable('lead_access_log').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
            : db.schema.createTable('lead_access_log').addColumn('id', 'serial', (col) => col.primaryKey());
        await accessLog
          .addColumn('lead_id', 'text', (col) => col.notNull())
          .addColumn('actor', 'text', (col) => col.notNull())
          .addColumn('channel', 'text', (col) => col.notNull())
          .addColumn('at', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('lead_access_log_lead').on('lead_access_log').columns(['lead_id', 'id']).execute();

        // Retention deletes user states by last update; without this it scans every visitor.
        await db.schema.createIndex('user_states_updated').on('user_states').column('updated_at').execute();
      },
    },
    '0003_sessions': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // Sign-in sessions (session-store.ts): id is the SHA-256 of the cookie's session id.
        await db.schema
          .createTable('sessions')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('user_email', 'text', (col) => col.notNull())
          .addColumn('user_name', 'text', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('expires_at', 'text', (col) => col.notNull())
          .addColumn('revoked_at', 'text')
          .execute();
        // Expired sessions are purged by expires_at; a user's sessions are found by email.
        await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
        await db.schema.createIndex('sessions_user_email').on('sessions').column('user_email').execute();
      },
    },
    '0004_privacy_choices': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // Opt-outs of the sale and sharing of personal information (privacy-choice-store.ts):
        // one per brand and anonymous visitor, looked up by exactly that pair. Not in user_states,
        // whose rows the browser overwrites whole and retention purges after 30 idle days: an
        // opt-out must hold for at least 12 months (CCPA) and is written by the server only.
        await db.schema
          .createTable('privacy_choices')
          .addColumn('brand_id', 'text', (col) => col.notNull())
          .addColumn('anonymous_id', 'text', (col) => col.notNull())
          .addColumn('opted_out_at', 'text', (col) => col.notNull())
          .addColumn('gpc', 'integer', (col) => col.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('privacy_choices_pk', ['brand_id', 'anonymous_id'])
          .execute();
      },
    },
    '0005_users_and_audit_log': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // Control-center accounts (user-store.ts): the lower-cased email is the key.
        await db.schema
          .createTable('users')
          .addColumn('email', 'text', (col) => col.primaryKey())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('password_hash', 'text', (col) => col.notNull())
          .addColumn('disabled', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('last_sign_in_at', 'text')
          .execute();
        // Every control-center change (audit-log-store.ts), read newest first per branch and per item.
        await (
          dialect === 'sqlite'
            ? db.schema.createTable('audit_log').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
            : db.schema.createTable('audit_log').addColumn('id', 'serial', (col) => col.primaryKey())
        )
          .addColumn('at', 'text', (col) => col.notNull())
          .addColumn('user_email', 'text', (col) => col.notNull())
          .addColumn('branch', 'text')
          .addColumn('item_kind', 'text', (col) => col.notNull())
          .addColumn('item_id', 'text', (col) => col.notNull())
          .addColumn('action', 'text', (col) => col.notNull())
          .addColumn('before_json', 'text')
          .addColumn('after_json', 'text')
          .execute();
        await db.schema.createIndex('audit_log_branch').on('audit_log').columns(['branch', 'id']).execute();
        await db.schema.createIndex('audit_log_item').on('audit_log').columns(['item_kind', 'item_id', 'id']).execute();
      },
    },
    '0006_content_and_images': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // Versions of what staff edit in the control center: a brand page's fields or an
        // article, one row per saved version (content-store.ts). Never updated or deleted.
        await (
          dialect === 'sqlite'
            ? db.schema.createTable('content_versions').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
            : db.schema.createTable('content_versions').addColumn('id', 'serial', (col) => col.primaryKey())
        )
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('branch', 'text', (col) => col.notNull())
          .addColumn('item_key', 'text', (col) => col.notNull())
          .addColumn('version', 'integer', (col) => col.notNull())
          .addColumn('fields_json', 'text', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('created_by', 'text', (col) => col.notNull())
          .addUniqueConstraint('content_versions_item_version', ['kind', 'branch', 'item_key', 'version'])
          .execute();
        // Which version of each item visitors see; a row appears on the first publish.
        await db.schema
          .createTable('content_live')
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('branch', 'text', (col) => col.notNull())
          .addColumn('item_key', 'text', (col) => col.notNull())
          .addColumn('version', 'integer', (col) => col.notNull())
          .addColumn('published_at', 'text', (col) => col.notNull())
          .addColumn('published_by', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('content_live_pk', ['kind', 'branch', 'item_key'])
          .execute();
        // Uploaded images of a branch (image-store.ts), keyed by the sha256 of the original bytes.
        await db.schema
          .createTable('images')
          .addColumn('branch', 'text', (col) => col.notNull())
          .addColumn('sha256', 'text', (col) => col.notNull())
          .addColumn('alt', 'text', (col) => col.notNull())
          .addColumn('mime', 'text', (col) => col.notNull())
          .addColumn('width', 'integer', (col) => col.notNull())
          .addColumn('height', 'integer', (col) => col.notNull())
          .addColumn('bytes', 'integer', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('created_by', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('images_pk', ['branch', 'sha256'])
          .execute();
        // The files of an image: the original and its resized renditions, served by every node.
        await db.schema
          .createTable('image_files')
          .addColumn('sha256', 'text', (col) => col.notNull())
          .addColumn('variant', 'text', (col) => col.notNull())
          .addColumn('mime', 'text', (col) => col.notNull())
          .addColumn('width', 'integer', (col) => col.notNull())
          .addColumn('height', 'integer', (col) => col.notNull())
          .addColumn('data', dialect === 'sqlite' ? 'blob' : 'bytea', (col) => col.notNull())
          .addPrimaryKeyConstraint('image_files_pk', ['sha256', 'variant'])
          .execute();
      },
    },
    '0007_event_facets': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // Funnel analytics and experiment results group by these instead of parsing
        // the properties JSON per row; event-facets.ts fills them at insert.
        await db.schema.alterTable('events').addColumn('route', 'text').execute();
        await db.schema.alterTable('events').addColumn('step', 'text').execute();
        await db.schema.alterTable('events').addColumn('device_type', 'text').execute();
        await db.schema.alterTable('events').addColumn('paid', 'integer', (col) => col.notNull().defaultTo(0)).execute();
        await db.schema.alterTable('events').addColumn('experiment', 'text').execute();
        await db.schema.alterTable('events').addColumn('variant', 'text').execute();
        await backfillEventFacets(db);
        // A funnel report reads one brand's route over a date range; the index also holds every
        // column the report groups and counts, so the report reads the index alone (SQLite, and
        // PostgreSQL's index-only scans), never the rows with their properties JSON.
        await db.schema
          .createIndex('events_funnel')
          .on('events')
          .columns(['brand_id', 'route', 'received_at', 'event', 'step', 'device_type', 'paid', 'anonymous_id'])
          .execute();
        // Experiment results find a visitor's entry by experiment and anonymous id; only
        // experimentEntered rows have an experiment, so the partial index stays small.
        await db.schema
          .createIndex('events_experiment')
          .on('events')
          .columns(['experiment', 'anonymous_id', 'variant'])
          .where(sql.ref('experiment'), 'is not', null)
          .execute();
      },
    },
    '0009_experiments': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // A branch's A/B tests (experiment-store.ts); pages read the running ones per request.
        await db.schema
          .createTable('experiments')
          .addColumn('branch', 'text', (col) => col.notNull())
          .addColumn('key', 'text', (col) => col.notNull())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('routes_json', 'text', (col) => col.notNull())
          .addColumn('variants_json', 'text', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('started_at', 'text')
          .addColumn('stopped_at', 'text')
          .addColumn('version', 'integer', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('experiments_pk', ['branch', 'key'])
          .execute();
        await db.schema.createIndex('experiments_branch_status').on('experiments').columns(['branch', 'status']).execute();
        // One row per visitor and experiment: the first variant they entered. Results group it by
        // variant; the branch's step events (events_funnel index) and leads join it on its key.
        await db.schema
          .createTable('experiment_exposures')
          .addColumn('branch', 'text', (col) => col.notNull())
          .addColumn('experiment_key', 'text', (col) => col.notNull())
          .addColumn('anonymous_id', 'text', (col) => col.notNull())
          .addColumn('variant', 'text', (col) => col.notNull())
          .addColumn('first_seen_at', 'text', (col) => col.notNull())
          .addPrimaryKeyConstraint('experiment_exposures_pk', ['branch', 'experiment_key', 'anonymous_id'])
          .execute();
      },
    },
    '0008_phone_rules': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // Phone rules (phone-rule-store.ts): an affiliate's number per branch. Pages look
        // them up by (branch, afid) on every visit that carries an afid, hence the index.
        await db.schema
          .createTable('phone_rules')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('branch', 'text', (col) => col.notNull())
          .addColumn('afid', 'text', (col) => col.notNull())
          .addColumn('number', 'text', (col) => col.notNull())
          .addColumn('routes_json', 'text')
          .addColumn('starts_on', 'text')
          .addColumn('ends_on', 'text')
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('created_by', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .addColumn('updated_by', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('phone_rules_branch_afid').on('phone_rules').columns(['branch', 'afid']).execute();
      },
    },
    '0010_content_factory': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        const autoId = (table: string) =>
          dialect === 'sqlite'
            ? db.schema.createTable(table).addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
            : db.schema.createTable(table).addColumn('id', 'serial', (col) => col.primaryKey());
        // Authors a branch's drafts are written as (content-factory-store.ts), listed per branch.
        await autoId('content_authors')
          .addColumn('branch', 'text', (col) => col.notNull())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('bio', 'text', (col) => col.notNull())
          .addColumn('expertise_json', 'text', (col) => col.notNull())
          .addColumn('image', 'text')
          .addColumn('tone', 'text', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('created_by', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .addColumn('updated_by', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('content_authors_branch').on('content_authors').columns(['branch', 'id']).execute();
        // Runs, listed per branch newest first; the scheduler looks up the active ones that are due.
        await autoId('content_runs')
          .addColumn('branch', 'text', (col) => col.notNull())
          .addColumn('author_id', 'integer', (col) => col.notNull())
          .addColumn('template', 'text', (col) => col.notNull())
          .addColumn('topics_json', 'text', (col) => col.notNull())
          .addColumn('count', 'integer', (col) => col.notNull())
          .addColumn('schedule', 'text')
          .addColumn('next_due_at', 'text')
          .addColumn('batches', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('created_by', 'text', (col) => col.notNull())
          .addColumn('cancelled_at', 'text')
          .addColumn('cancelled_by', 'text')
          .execute();
        await db.schema.createIndex('content_runs_branch').on('content_runs').columns(['branch', 'id']).execute();
        await db.schema.createIndex('content_runs_due').on('content_runs').columns(['status', 'next_due_at']).execute();
        // The items: the worker claims by (status, lease_until); a run shows its items in order.
        await autoId('content_run_items')
          .addColumn('run_id', 'integer', (col) => col.notNull())
          .addColumn('batch', 'integer', (col) => col.notNull())
          .addColumn('topic', 'text', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('lease_until', 'text')
          .addColumn('error', 'text')
          .addColumn('article_slug', 'text')
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('finished_at', 'text')
          .execute();
        await db.schema.createIndex('content_run_items_claim').on('content_run_items').columns(['status', 'lease_until', 'id']).execute();
        await db.schema.createIndex('content_run_items_run').on('content_run_items').columns(['run_id', 'id']).execute();
      },
    },
    '0011_content_epoch': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // One counter every change of what pages read from the store bumps (content-epoch-store.ts):
        // published content (content_live) and experiments. Triggers, so no writer can forget it:
        // the server, the CLI, another process, a hand edit.
        await db.schema.createTable('content_epoch').addColumn('id', 'integer', (col) => col.primaryKey()).addColumn('value', 'integer', (col) => col.notNull()).execute();
        await db.insertInto('content_epoch').values({ id: 1, value: 0 }).execute();
        const bump = 'UPDATE content_epoch SET value = value + 1 WHERE id = 1';
        if (dialect === 'postgres') {
          await sql.raw(`CREATE FUNCTION bump_content_epoch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${bump}; RETURN NULL; END $$`).execute(db);
        }
        for (const table of ['content_live', 'experiments']) {
          if (dialect === 'postgres') {
            await sql.raw(`CREATE TRIGGER ${table}_bumps_content_epoch AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_content_epoch()`).execute(db);
            continue;
          }
          // SQLite has no statement-level triggers: one per kind of change, per row.
          for (const change of ['INSERT', 'UPDATE', 'DELETE']) {
            await sql.raw(`CREATE TRIGGER ${table}_${change.toLowerCase()}_bumps_content_epoch AFTER ${change} ON ${table} BEGIN ${bump}; END`).execute(db);
          }
        }
      },
    },
    '0012_content_epoch_more': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // The rest of what pages show that staff change in the control center bumps the content
        // epoch too, as 0011's tables do: published images and their renditions, authors, phone
        // rules. The HTML cache keys pages by the epoch (pages/html-cache.ts), so a change of any
        // of them is served on the next request on every process.
        const bump = 'UPDATE content_epoch SET value = value + 1 WHERE id = 1';
        for (const table of ['images', 'image_files', 'content_authors', 'phone_rules']) {
          if (dialect === 'postgres') {
            await sql.raw(`CREATE TRIGGER ${table}_bumps_content_epoch AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_content_epoch()`).execute(db);
            continue;
          }
          for (const change of ['INSERT', 'UPDATE', 'DELETE']) {
            await sql.raw(`CREATE TRIGGER ${table}_${change.toLowerCase()}_bumps_content_epoch AFTER ${change} ON ${table} BEGIN ${bump}; END`).execute(db);
          }
        }
      },
    },
    '0013_lead_completeness_and_duplicates': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // A lead offered to its buyer is not offered again for the same contact and product
        // (statuses `incomplete` and `duplicate`, core/leads/statuses.ts). The contact is kept as
        // sha256 keys of the normalised phone and email, beside the lead and purged with it;
        // the earlier lead is found by (product, key, created_at), never by reading every lead.
        // Leads stored before this have no keys: they are never found as a first lead.
        await db.schema.alterTable('leads').addColumn('phone_key', 'text').execute();
        await db.schema.alterTable('leads').addColumn('email_key', 'text').execute();
        await db.schema.alterTable('leads').addColumn('duplicate_of', 'text').execute();
        await db.schema.alterTable('leads').addColumn('missing_fields', 'text').execute();
        await db.schema.createIndex('leads_product_phone_key').on('leads').columns(['product', 'phone_key', 'created_at']).execute();
        await db.schema.createIndex('leads_product_email_key').on('leads').columns(['product', 'email_key', 'created_at']).execute();
      },
    },
    '0014_consent_documents': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // The consent step's HTML as the server rendered it for a lead (leads/consent-document-store.ts),
        // once per distinct sha256: every lead of a brand's funnel under one build shares one row,
        // which its consent proof names by the hash.
        await db.schema
          .createTable('consent_documents')
          .addColumn('sha256', 'text', (col) => col.primaryKey())
          .addColumn('html', 'text', (col) => col.notNull())
          .addColumn('build_id', 'text', (col) => col.notNull())
          .addColumn('first_seen_at', 'text', (col) => col.notNull())
          .execute();
      },
    },
    '0015_totp': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // A control-center account's optional second factor (auth/totp-store.ts): a table of its
        // own, one row per account that started enrolment, so the accounts table stays as it is.
        await db.schema
          .createTable('staff_totp')
          .addColumn('email', 'text', (col) => col.primaryKey())
          .addColumn('secret_cipher', 'text', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('confirmed_at', 'text')
          .addColumn('last_step', 'integer')
          .addColumn('recovery_hashes', 'text', (col) => col.notNull().defaultTo('[]'))
          .execute();
      },
    },
  };
}

/** Rows the facet backfill reads and updates per round. */
const BACKFILL_PAGE = 1000;

/**
 * Fills the facet columns of events stored before 0007, with the same code that fills them at
 * insert (one source of truth, and the user agent needs ua-parser-js, which SQL cannot run).
 * Pages through the table by id so memory stays bounded however many events there are.
 * Exported for its test, which cannot un-apply 0007 once later migrations ran.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs inside a migration, against the schema as it was then
export async function backfillEventFacets(db: Kysely<any>): Promise<void> {
  let after = '';
  for (;;) {
    const rows: { id: string; event: string; properties: string }[] = await db
      .selectFrom('events')
      .select(['id', 'event', 'properties'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_PAGE)
      .execute();
    const last = rows.at(-1);
    if (!last) return;
    for (const row of rows) {
      await db.updateTable('events').set(eventFacets(row.event, JSON.parse(row.properties))).where('id', '=', row.id).execute();
    }
    after = last.id;
  }
}

/** Serves {@link storeMigrations} to Kysely's `Migrator`. */
class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: StoreDialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return storeMigrations(this.dialect);
  }
}

/**
 * Applies every pending migration, or throws with the failing migration's name and cause.
 * Safe to call on every start-up (already-applied migrations are skipped) and from several
 * processes at once (Kysely takes a migration lock).
 *
 * @param migrationTableSchema PostgreSQL schema for Kysely's bookkeeping tables, so a store
 *   opened in its own schema is migrated independently of any other.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator takes any database; migrations are schema-less by nature
export async function migrateToLatest(db: Kysely<any>, dialect: StoreDialect, migrationTableSchema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(dialect), ...(migrationTableSchema === undefined ? {} : { migrationTableSchema }) });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a migration that throws something other than an Error is shown as String shows it
    throw new Error(`store migration failed (${dialect}, migration ${failed}): ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
