/**
 * PostgreSQL's content epoch, pushed instead of read (issue 14 "Publishing ... invalidates ... on
 * every server process (PostgreSQL LISTEN/NOTIFY, or a version read per request that costs less
 * than 0.1 ms)"): a read of `content_epoch` is a network round trip (150 to 190 µs), so each
 * process holds one dedicated connection, outside the pool, that LISTENs on
 * {@link CONTENT_EPOCH_CHANNEL}, where `bump_content_epoch()` (migration 0013) sends every new
 * value. content-epoch.ts answers from the newest value while {@link ContentEpochFeed.listening},
 * and reads the store otherwise.
 *
 * The feed is also the store's event emitter for the epoch (Store.contentEpochEvents):
 * - `listening`: the connection LISTENs (again); what was sent before is unknown, so read once.
 * - `disconnected` (reason): notifications are lost until `listening`; read per request meanwhile.
 * - `epoch` (value): a notification for this store's schema arrived.
 * - `write`: this process's own write through the store finished (own-writes.ts): read once, so
 *   its next request sees it whether or not the notification has arrived yet.
 * - `read` (value): content-epoch.ts read the epoch from the store.
 */
import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** The channel `bump_content_epoch()` notifies; the payload is `<schema> <new value>`. */
export const CONTENT_EPOCH_CHANNEL = 'cobrand_content_epoch';

/** First wait before reconnecting after a lost connection; doubled per failure up to {@link MAX_RECONNECT_DELAY_MS}. */
export const FIRST_RECONNECT_DELAY_MS = 100;
/** Longest wait between reconnection attempts. */
export const MAX_RECONNECT_DELAY_MS = 5_000;

/** A fresh, unconnected client with the store's connection settings (the search_path picks the schema). */
export type ClientFactory = () => pg.Client;

/** The epoch pushed by PostgreSQL, and the store's epoch events (see the module comment). */
export class ContentEpochFeed extends EventEmitter {
  #listening = false;
  #closed = false;
  #client: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #delay = FIRST_RECONNECT_DELAY_MS;
  #backendPid: number | undefined;

  constructor(private readonly newClient: ClientFactory) {
    super();
  }

  /** True while the connection LISTENs: every later bump arrives as an `epoch` event. */
  get listening(): boolean {
    return this.#listening;
  }

  /** The listening connection's server process id while listening (for `pg_terminate_backend`, and tests). */
  get backendPid(): number | undefined {
    return this.#listening ? this.#backendPid : undefined;
  }

  /** Connects in the background (the store answers by reads until then); failures retry with backoff. */
  start(): void {
    void this.#connect();
  }

  /** Ends the connection and any pending retry; idempotent. No handle stays open afterwards. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#retry);
    this.#listening = false;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = this.newClient();
    this.#client = client;
    // Registered before connecting: an error on this connection must never crash the process.
    client.on('error', (error) => this.#lost(client, error.message));
    client.on('end', () => this.#lost(client, 'connection ended'));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string; pid: number }>('SELECT current_schema() AS schema, pg_backend_pid() AS pid');
      const schema = rows[0]?.schema;
      this.#backendPid = rows[0]?.pid;
      client.on('notification', (message) => {
        if (message.channel !== CONTENT_EPOCH_CHANNEL || message.payload === undefined) return;
        // Notifications are database-wide: another schema's store shares the channel.
        const [from, value] = message.payload.split(' ');
        if (from === schema && value !== undefined) this.emit('epoch', Number(value));
      });
      await client.query(`LISTEN ${CONTENT_EPOCH_CHANNEL}`);
    } catch (error) {
      this.#lost(client, error instanceof Error ? error.message : String(error));
      return;
    }
    if (this.#client !== client) return;
    this.#listening = true;
    this.#delay = FIRST_RECONNECT_DELAY_MS;
    this.emit('listening');
  }

  /** Drops `client` (once) and schedules a reconnection, unless closed. */
  #lost(client: pg.Client, reason: string): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    this.#listening = false;
    client.end().catch(() => undefined);
    this.emit('disconnected', reason);
    const delay = this.#delay;
    this.#delay = Math.min(this.#delay * 2, MAX_RECONNECT_DELAY_MS);
    this.#retry = setTimeout(() => void this.#connect(), delay);
    // A pending retry alone must not keep the process alive.
    this.#retry.unref();
  }
}
