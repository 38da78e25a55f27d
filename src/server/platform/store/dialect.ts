/** The two databases the store runs on: SQLite by default, PostgreSQL when `DATABASE_URL` is set. */
export type StoreDialect = 'sqlite' | 'postgres';
