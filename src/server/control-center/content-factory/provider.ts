/**
 * The content factory's text-generation provider: one OpenAI-compatible chat-completions request
 * per draft, `POST {CONTENT_FACTORY_URL}/chat/completions`, through the one upstream relay's POST
 * (src/server/platform/upstream/relay.ts: its connection pool, size cap and single timeout). Never
 * throws: a refused connection, a timeout, a non-2xx status, a body that is not JSON or not a chat
 * completion, or an empty answer is a failure with a one-line reason that becomes the item's
 * error.
 */
import * as z from 'zod';
import type { ArticleTemplate } from '../../../core/control-center/content-factory.ts';
import { postToUpstream } from '../../platform/upstream/relay.ts';

/** The path appended to CONTENT_FACTORY_URL (the protocol's). */
export const CHAT_COMPLETIONS_PATH = '/chat/completions';

/** Where and how to ask. */
export interface ProviderSettings {
  /** CONTENT_FACTORY_URL, the base the path is appended to. */
  url: string;
  /** CONTENT_FACTORY_API_KEY. */
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** Aborts the call (the worker closing). */
  signal?: AbortSignal;
}

/** Who writes, what about, in which shape. */
export interface DraftRequest {
  author: { name: string; bio: string; expertise: readonly string[]; tone: string };
  topic: string;
  template: ArticleTemplate;
  /** The brand's name, so the draft speaks for the right site. */
  brandName: string;
}

/** How each template asks for its article. */
const TEMPLATE_INSTRUCTIONS: Record<ArticleTemplate, string> = {
  review: 'a balanced review: what it is, who it suits, strengths, drawbacks and a short verdict',
  'how-to': 'a step-by-step how-to guide with numbered steps and a short checklist at the end',
  news: 'a short news article: what changed, who it affects, when it takes effect and what to do next',
};

/** The prompt lines the sandbox provider (and a reader of recorded prompts) finds the topic and template by. */
export const PROMPT_TOPIC_LABEL = 'Topic:';
export const PROMPT_TEMPLATE_LABEL = 'Template:';

/** The chat messages of one draft: the author's persona as the system message, the assignment as the user's. */
export function draftMessages(request: DraftRequest): Array<{ role: 'system' | 'user'; content: string }> {
  const { author } = request;
  return [
    {
      role: 'system',
      content: [
        `You are ${author.name}, writing for ${request.brandName}. ${author.bio}`,
        `Expertise: ${author.expertise.join(', ')}.`,
        `Tone: ${author.tone}.`,
        'Write in plain English for older adults. Do not invent plan prices, phone numbers or statistics.',
        'Answer with the article only, in Markdown, starting with a level-one heading (# Title), then a one-paragraph summary.',
      ].join('\n'),
    },
    {
      role: 'user',
      content: [`${PROMPT_TOPIC_LABEL} ${request.topic}`, `${PROMPT_TEMPLATE_LABEL} ${request.template}`, `Write ${TEMPLATE_INSTRUCTIONS[request.template]}.`].join('\n'),
    },
  ];
}

/** The part of a chat completion read: the first choice's message text. */
const ChatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** A draft's Markdown, or why there is none. */
export type DraftOutcome = { ok: true; markdown: string; latencyMs: number } | { ok: false; error: string };

/** Asks the provider for one draft. */
export async function requestDraft(settings: ProviderSettings, request: DraftRequest): Promise<DraftOutcome> {
  const outcome = await postToUpstream({
    url: `${settings.url.replace(/\/+$/, '')}${CHAT_COMPLETIONS_PATH}`,
    body: { model: settings.model, messages: draftMessages(request) },
    ...(settings.apiKey ? { token: settings.apiKey } : {}),
    timeoutMs: settings.timeoutMs,
    ...(settings.signal ? { signal: settings.signal } : {}),
  });
  if (!outcome.ok) return { ok: false, error: `provider: ${outcome.error}` };
  const parsed = ChatCompletionSchema.safeParse(outcome.parsed);
  if (!parsed.success) return { ok: false, error: 'provider: the answer is not a chat completion (no choices[0].message.content)' };
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the schema requires at least one choice
  const markdown = parsed.data.choices[0]!.message.content?.trim() ?? '';
  if (markdown === '') return { ok: false, error: 'provider: the answer has no text' };
  return { ok: true, markdown, latencyMs: outcome.latencyMs };
}
