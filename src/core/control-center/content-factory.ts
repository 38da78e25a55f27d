/**
 * The content factory's data: authors a branch writes as, and runs
 * asking a text-generation provider for N article drafts from an author, a list of topics and a
 * template. One set of schemas shared by the control-center forms, the API and the worker. Small
 * and free of server code: the screens import it. (The cron check needs node-cron, a server
 * library: the API does it, src/server/control-center/content-factory/schedule.ts.)
 */
import * as z from 'zod';
import { ImageHashSchema } from './images.ts';

/** Longest values and largest counts, in one place. */
export const CONTENT_FACTORY_LIMITS = Object.freeze({
  authorName: 80,
  authorBio: 1000,
  /** Expertise is a list of short areas ("Medicare Advantage", "dental plans"). */
  expertiseItems: 10,
  expertiseItem: 60,
  tone: 200,
  /** Drafts one run (or one firing of a scheduled run) asks for. */
  runCount: 20,
  topics: 50,
  topic: 160,
  /** A cron expression: five or six fields, or a nickname like @daily. */
  schedule: 100,
});

/** What a draft is shaped like; each template has its own instructions to the provider. */
export const ARTICLE_TEMPLATES = ['review', 'how-to', 'news'] as const;

/** One template's name. */
export type ArticleTemplate = (typeof ARTICLE_TEMPLATES)[number];

/**
 * Where an item of a run is: queued (waiting for a worker), running (a worker holds its lease),
 * done (its draft article is saved), failed (the provider failed; the error says why), cancelled
 * (its run was cancelled before a worker took it).
 */
export const RUN_ITEM_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;

/** One item status. */
export type RunItemStatus = (typeof RUN_ITEM_STATUSES)[number];

/** An author's or a run's id: a positive whole number, as the store numbers them. */
export const ContentFactoryIdSchema = z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more');

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is missing` })
    .trim()
    .min(1, `${label} is empty`)
    .max(max, `${label} is longer than ${max} characters`);

/** An author's fields; unknown keys refused. */
export const AuthorFieldsSchema = z.strictObject(
  {
    name: text('Name', CONTENT_FACTORY_LIMITS.authorName),
    bio: text('Bio', CONTENT_FACTORY_LIMITS.authorBio),
    expertise: z
      .array(text('An expertise', CONTENT_FACTORY_LIMITS.expertiseItem), { error: 'Expertise must be a list of areas' })
      .min(1, 'Expertise needs at least one area')
      .max(CONTENT_FACTORY_LIMITS.expertiseItems, `Expertise has more than ${CONTENT_FACTORY_LIMITS.expertiseItems} areas`),
    /** The sha256 of one of the branch's images (the author's portrait). */
    image: ImageHashSchema.optional(),
    /** How the author writes ("warm and plain-spoken"), handed to the provider. */
    tone: text('Tone', CONTENT_FACTORY_LIMITS.tone),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `not an author field: ${issue.keys.join(', ')} (author fields: name, bio, expertise, image, tone)` : 'Author fields must be a JSON object') },
);

/** An author's fields, as validated. */
export type AuthorFields = z.output<typeof AuthorFieldsSchema>;

/** A run to create: its author, how many drafts, the topics they are spread over, the template, and an optional schedule. */
export const RunRequestSchema = z.strictObject(
  {
    authorId: z.int('authorId must be a whole number').min(1, 'authorId must be 1 or more'),
    count: z.int('count must be a whole number').min(1, 'count must be 1 or more').max(CONTENT_FACTORY_LIMITS.runCount, `count must be ${CONTENT_FACTORY_LIMITS.runCount} or less`),
    topics: z
      .array(text('A topic', CONTENT_FACTORY_LIMITS.topic), { error: 'topics must be a list of topics or keywords' })
      .min(1, 'topics needs at least one topic or keyword')
      .max(CONTENT_FACTORY_LIMITS.topics, `topics has more than ${CONTENT_FACTORY_LIMITS.topics} entries`),
    template: z.enum(ARTICLE_TEMPLATES, { error: `template must be one of ${ARTICLE_TEMPLATES.join(', ')}` }),
    /**
     * A cron expression (node-cron, UTC): the run queues `count` drafts each time it fires, until
     * cancelled. Absent: the drafts are queued once, now.
     */
    schedule: z.string('schedule must be a cron expression').trim().min(1, 'schedule is empty (leave it out to run now)').max(CONTENT_FACTORY_LIMITS.schedule, `schedule is longer than ${CONTENT_FACTORY_LIMITS.schedule} characters`).optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `not a run field: ${issue.keys.join(', ')} (run fields: authorId, count, topics, template, schedule)` : 'A run must be a JSON object') },
);

/** The topic of the `index`th draft of a batch: the topics in turn, so N drafts spread over them. */
export function topicOf(topics: readonly string[], index: number): string {
  const topic = topics[index % topics.length];
  if (topic === undefined) throw new Error('a run needs at least one topic');
  return topic;
}
