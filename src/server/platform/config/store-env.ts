import * as z from 'zod';

/** Environment variables of the durable store: SQLite under DATA_DIR unless DATABASE_URL is set. */
export const STORE_ENV = {
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
};
