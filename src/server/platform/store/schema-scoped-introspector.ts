import { sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

/**
 * A PostgreSQL introspector that only looks at the connection's own schema (the first on its
 * search_path). Kysely's stock one lists the tables of every schema in the database, calling
 * has_schema_privilege on each, so a schema another client drops during the scan (a parallel test
 * file, another tenant of a shared database) failed our migration with 3F000. The migrator only
 * asks whether its own bookkeeping tables exist, which this answers; columns are not needed.
 */
export class SchemaScopedIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows.filter((row) => row.name !== null);
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, ns.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'm')
    `.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v' || row.kind === 'm', columns: [] }));
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}
