/**
 * Each product's lead as a zod schema, built from its field rules (lead-schema.ts): what the
 * server validates a captured lead with (validate.ts). The browser reads and checks leads with
 * the same rules without zod (check.ts, stored.ts).
 */
import { AUTO_LEAD_FIELDS } from './auto.ts';
import { HEALTH_LEAD_FIELDS } from './health.ts';
import { leadSchema } from './lead-schema.ts';
import { LIFE_LEAD_FIELDS } from './life.ts';
import { MEDICARE_LEAD_FIELDS } from './medicare.ts';
import type { LeadProduct } from './product.ts';

/** Validates a whole Medicare lead; every field optional. */
export const MedicareLeadSchema = leadSchema(MEDICARE_LEAD_FIELDS);

/** Validates a whole auto lead; every field optional. */
export const AutoLeadSchema = leadSchema(AUTO_LEAD_FIELDS);

/** Validates a whole life lead; every field optional. */
export const LifeLeadSchema = leadSchema(LIFE_LEAD_FIELDS);

/** Validates a whole health lead; every field optional. */
export const HealthLeadSchema = leadSchema(HEALTH_LEAD_FIELDS);

/** Each product's lead schema. */
export const LEAD_SCHEMAS = {
  medicare: MedicareLeadSchema,
  auto: AutoLeadSchema,
  life: LifeLeadSchema,
  health: HealthLeadSchema,
} as const satisfies Record<LeadProduct, unknown>;
