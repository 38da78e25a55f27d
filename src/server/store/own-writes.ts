/**
 * Says when this process's own write through Kysely is over (committed or rolled back), so the
 * content epoch (content-epoch.ts) is read once before the next request: a publish must be on the
 * publisher's very next request, and the notification of it (epoch-listener.ts) arrives on another
 * connection, maybe later. Which writes bump the epoch is the triggers' business (migrations 0011
 * and later), so every statement but a SELECT counts; the event writer uses the pool directly and
 * events are not content, so it is not seen here.
 */
import type { CompiledQuery, DatabaseConnection, Driver, QueryCompiler, QueryResult, TransactionSettings } from 'kysely';

/** A statement that may change rows: anything but a SELECT (raw SQL is judged by its first word). */
function mayWrite(query: CompiledQuery): boolean {
  if (query.query.kind === 'SelectQueryNode') return false;
  if (query.query.kind === 'RawNode') return !/^\s*select\b/i.test(query.sql);
  return true;
}

/** One pooled connection, marking itself when it ran a statement that may write. */
class WatchedConnection implements DatabaseConnection {
  wrote = false;
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (mayWrite(query)) this.wrote = true;
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (mayWrite(query)) this.wrote = true;
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** `inner`, calling `onWrite` after a connection that may have written goes back to the pool (after its COMMIT or ROLLBACK). */
export class OwnWritesDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly onWrite: () => void,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection());
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(unwrap(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint?.(unwrap(connection), name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.(unwrap(connection), name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.(unwrap(connection), name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(unwrap(connection));
    if (connection instanceof WatchedConnection && connection.wrote) this.onWrite();
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof WatchedConnection ? connection.inner : connection;
}
