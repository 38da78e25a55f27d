import path from 'node:path';
import type { Env } from '../config/config.ts';
import { openStore, type Store } from './index.ts';

/** The store the environment names: PostgreSQL when DATABASE_URL is set, else SQLite under DATA_DIR. */
export function openConfiguredStore(vars: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>): Promise<Store> {
  return openStore({ dataDir: path.resolve(vars.DATA_DIR), ...(vars.DATABASE_URL === undefined ? {} : { databaseUrl: vars.DATABASE_URL }) });
}
