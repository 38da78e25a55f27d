/**
 * What an experiment is (spec §2 /experiments/{experiment}): a key, a
 * name, the routes it runs on, weighted variants overriding page fields, a status and its start
 * and stop times. One zod schema shared by the control center's form, the API and the store's
 * reader; the first variant is the control.
 */
import * as z from 'zod';
import { ImageHashSchema } from '../control-center/images.ts';
import { PAGE_FIELD_LIMITS } from '../control-center/page-fields.ts';

/** The statuses an experiment goes through. */
export const EXPERIMENT_STATUSES = ['draft', 'running', 'paused', 'stopped'] as const;

/** One status. */
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];

/**
 * The changes a status allows: a draft starts; a running experiment pauses or stops; a paused
 * one resumes or stops; a stopped one is over for good (its results stay readable). Nothing
 * goes back to draft: once visitors saw a variant, editing it would mix two tests in one result.
 */
export const STATUS_CHANGES: Readonly<Record<ExperimentStatus, readonly ExperimentStatus[]>> = Object.freeze({
  draft: ['running'],
  running: ['paused', 'stopped'],
  paused: ['running', 'stopped'],
  stopped: [],
});

/** True when an experiment in `from` may go to `to`. */
export function canChangeStatus(from: ExperimentStatus, to: ExperimentStatus): boolean {
  return STATUS_CHANGES[from].includes(to);
}

/** Limits of an experiment's parts. */
export const EXPERIMENT_LIMITS = Object.freeze({ name: 120, variants: 6, routes: 50, weight: 1000, ctaText: 60 });

/** An experiment key (and a variant key): what the URL, the CLI, the payload and events carry. */
export const ExperimentKeySchema = z
  .string({ error: 'must be text' })
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be 1-63 lower-case letters, digits or dashes, starting with a letter or digit');

const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).trim().min(1, `${label} is empty: leave it out to keep the page's own`).max(max, `${label} is longer than ${max} characters`);

/** The page fields a variant may override; every one optional (left out: the page's own). */
export const VariantOverridesSchema = z.strictObject(
  {
    headline: text('Headline', PAGE_FIELD_LIMITS.headline).optional(),
    subheadline: text('Subheadline', PAGE_FIELD_LIMITS.subheadline).optional(),
    /** The sha256 of one of the branch's images. */
    image: ImageHashSchema.optional(),
    /** The main call-to-action button's text. */
    ctaText: text('Call-to-action text', EXPERIMENT_LIMITS.ctaText).optional(),
    /** Markdown, rendered on the server as page bodies are. */
    body: text('Body', PAGE_FIELD_LIMITS.body).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `not an overridable field: ${issue.keys.join(', ')} (headline, subheadline, image, ctaText, body)` : 'overrides must be a JSON object') },
);

/** One variant. */
export const VariantSchema = z.strictObject({
  key: ExperimentKeySchema,
  weight: z.number({ error: 'weight must be a number' }).int('weight must be a whole number').min(1, 'weight must be 1 or more').max(EXPERIMENT_LIMITS.weight, `weight must be at most ${EXPERIMENT_LIMITS.weight}`),
  overrides: VariantOverridesSchema,
});

/** The fields staff edit while the experiment is a draft. */
export const ExperimentFieldsSchema = z.strictObject({
  name: z.string({ error: 'name must be text' }).trim().min(1, 'name is empty').max(EXPERIMENT_LIMITS.name, `name is longer than ${EXPERIMENT_LIMITS.name} characters`),
  /** Route names (routes.ts) of the branch's pages; checked against the branch by the server. */
  routes: z.array(z.string({ error: 'a route must be a route name' }).min(1).max(100), { error: 'routes must be a list of route names' }).min(1, 'routes is empty: name at least one page').max(EXPERIMENT_LIMITS.routes, `routes lists more than ${EXPERIMENT_LIMITS.routes} pages`),
  variants: z
    .array(VariantSchema, { error: 'variants must be a list' })
    .min(2, 'variants needs at least 2: the control (first) and a challenger')
    .max(EXPERIMENT_LIMITS.variants, `variants lists more than ${EXPERIMENT_LIMITS.variants}`)
    .refine((variants) => new Set(variants.map((variant) => variant.key)).size === variants.length, 'variant keys must be different'),
});

/** A variant as validated. */
export type Variant = z.output<typeof VariantSchema>;
/** Editable fields as validated. */
export type ExperimentFields = z.output<typeof ExperimentFieldsSchema>;

/** An experiment as stored and answered. */
export const ExperimentSchema = ExperimentFieldsSchema.extend({
  key: ExperimentKeySchema,
  branch: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  /** Bumped by every change; a change names the version it started from (409 when stale). */
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** An experiment. */
export type Experiment = z.output<typeof ExperimentSchema>;

/** The `{key, variant}` a page payload and the experimentEntered event carry (spec §3 props name, variant). */
export interface ExperimentAssignment {
  key: string;
  variant: string;
}
