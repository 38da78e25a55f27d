/**
 * The parts of a brand page's configuration (spec §2 "Page configuration") that staff own in the
 * control center: one schema shared by the edit form, the API and
 * `cobrand pages publish`. A version stores only the fields staff set; every field left out
 * keeps the route's built-in value.
 */
import * as z from 'zod';
import { ImageHashSchema } from './images.ts';

/** Longest values, in characters; generous for real copy, small enough to stop a pasted book. */
export const PAGE_FIELD_LIMITS = Object.freeze({
  title: 120,
  description: 320,
  headline: 200,
  subheadline: 400,
  body: 20_000,
  benefit: 200,
  benefits: 12,
  destination: 500,
});

/** The field names, in the order the form shows them. */
export const PAGE_FIELD_NAMES = ['title', 'description', 'headline', 'subheadline', 'body', 'image', 'benefits', 'indexable', 'destination'] as const;

/** One page field's name. */
export type PageFieldName = (typeof PAGE_FIELD_NAMES)[number];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} is empty: leave it out to keep the built-in ${label.toLowerCase()}`)
    .max(max, `${label} is longer than ${max} characters`);

/**
 * Where a call to action may lead: a path on the brand's own site (one leading slash, not `//`)
 * or a `tel:` link; never another site or a script.
 */
const DESTINATION = /^(\/(?![/\\])[^\s]*|tel:\+?[0-9-]{3,20})$/;

/** A page's staff fields; every one optional, unknown keys refused. */
export const PageFieldsSchema = z.strictObject(
  {
    title: text('Title', PAGE_FIELD_LIMITS.title).optional(),
    description: text('Description', PAGE_FIELD_LIMITS.description).optional(),
    headline: text('Headline', PAGE_FIELD_LIMITS.headline).optional(),
    subheadline: text('Subheadline', PAGE_FIELD_LIMITS.subheadline).optional(),
    /** Markdown; raw HTML in it is shown as text, never run. */
    body: text('Body', PAGE_FIELD_LIMITS.body).optional(),
    /** The sha256 of one of the branch's images. */
    image: ImageHashSchema.optional(),
    benefits: z
      .array(text('A benefit', PAGE_FIELD_LIMITS.benefit), { error: 'Benefits must be a list of text' })
      .min(1, 'Benefits is empty: leave it out to keep the built-in benefits')
      .max(PAGE_FIELD_LIMITS.benefits, `Benefits lists more than ${PAGE_FIELD_LIMITS.benefits} items`)
      .optional(),
    indexable: z.boolean({ error: 'Indexable must be true or false' }).optional(),
    destination: z
      .string({ error: 'Destination must be text' })
      .trim()
      .max(PAGE_FIELD_LIMITS.destination, `Destination is longer than ${PAGE_FIELD_LIMITS.destination} characters`)
      .regex(DESTINATION, 'Destination must be a path on this site (starting with one /) or a tel: link')
      .optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `not a page field: ${issue.keys.join(', ')} (page fields: ${PAGE_FIELD_NAMES.join(', ')})` : 'Page fields must be a JSON object') },
);

/** A page's staff fields, as validated. */
export type PageFields = z.output<typeof PageFieldsSchema>;
