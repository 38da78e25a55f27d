import * as z from 'zod';

/** Environment variables of the HTTP server itself. */
export const BASE_ENV = {
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name or an IP address')
    .default('127.0.0.1'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};
