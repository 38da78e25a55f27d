import * as z from 'zod';

/**
 * Environment variables of the operations listener (ops/ops-listener.ts): a second port that
 * answers only /healthz, /readyz and /metrics. Unset OPS_PORT: no second port (the probes still
 * answer on PORT). OPS_HOST defaults to HOST.
 */
export const OPS_ENV = {
  OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  OPS_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]+$/, 'must be a host name or an IP address')
    .optional(),
};

/** The validated operations-listener variables (a part of the whole validated environment). */
export type OpsEnv = z.output<z.ZodObject<typeof OPS_ENV>>;
