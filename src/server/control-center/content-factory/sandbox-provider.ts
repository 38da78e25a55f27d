/**
 * The sandbox text-generation provider: a real local HTTP server speaking the
 * OpenAI-compatible chat-completions protocol, so the content factory runs end to end without a
 * provider account and tests exercise the real HTTP path. `POST {url}/chat/completions` (also
 * under `/v1`) answers a chat completion whose text is a Markdown article built only from the
 * topic and the template found in the last user message (the `Topic:` and `Template:` lines the
 * content factory writes, provider.ts): the same request always gets the same article.
 *
 * Errors are answered as the protocol does, `{ error: { message, type } }`: 400 for a body that
 * is not a chat request, 401 when a token is required and missing, 404 and 405 for other paths
 * and methods.
 */
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as z from 'zod';
import { ARTICLE_TEMPLATES, type ArticleTemplate } from '../../../core/control-center/content-factory.ts';
import { CHAT_COMPLETIONS_PATH, PROMPT_TEMPLATE_LABEL, PROMPT_TOPIC_LABEL } from './provider.ts';

/** Where and how the sandbox listens. */
export interface SandboxProviderOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1: loopback only. */
  host?: string;
  /** When set, requests must carry `Authorization: Bearer {token}`; by default any key (or none) is accepted. */
  token?: string;
}

/** One chat request the sandbox answered, as its 'request' event reports it. */
export interface SandboxDraftRequest {
  model: string;
  topic: string;
  template: ArticleTemplate;
}

/** A running sandbox provider. */
export interface SandboxProvider {
  /** The base URL to set as CONTENT_FACTORY_URL, e.g. http://127.0.0.1:4020/v1 (no trailing slash). */
  url: string;
  /** Emits 'request' (a {@link SandboxDraftRequest}) for every chat request it answered. */
  events: EventEmitter;
  /** Stops listening and cuts every open connection. */
  close(): Promise<void>;
}

/** The base path the sandbox announces, as hosted providers do (`https://api.openai.com/v1`). */
const BASE_PATH = '/v1';

/** Largest request body read; a draft's prompt is about a kilobyte. */
const MAX_BODY_BYTES = 256 * 1024;

const ChatRequestSchema = z.object({
  model: z.string().min(1),
  messages: z.array(z.object({ role: z.string(), content: z.string() })).min(1),
});

/** `text` with its first letter upper-case. */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The topic and template a prompt asks for (the whole message as the topic when it has no Topic line). */
export function promptAssignment(prompt: string): { topic: string; template: ArticleTemplate } {
  const line = (label: string) => prompt.split('\n').find((candidate) => candidate.startsWith(label))?.slice(label.length).trim();
  const template = line(PROMPT_TEMPLATE_LABEL);
  return {
    topic: line(PROMPT_TOPIC_LABEL) || prompt.trim().slice(0, 160) || 'Medicare',
    template: (ARTICLE_TEMPLATES as readonly string[]).includes(template ?? '') ? (template as ArticleTemplate) : 'how-to',
  };
}

/** The sandbox's article on `topic` in the shape of `template`: Markdown with a level-one title. */
export function sandboxArticle(topic: string, template: ArticleTemplate): string {
  const subject = topic.toLowerCase();
  switch (template) {
    case 'review':
      return [
        `# ${capitalised(topic)}: an honest review`,
        `A plain look at ${subject}: what it offers, who it suits, and where it falls short.`,
        `## What it is\n\n${capitalised(subject)} is worth understanding before you compare plans. Read the plan documents for the exact terms where you live.`,
        `## Who it suits\n\n- People who want to know what ${subject} covers before enrolling\n- Anyone comparing options during an enrollment period`,
        `## Strengths\n\n- Clear rules you can check\n- Help available from a licensed agent`,
        `## Drawbacks\n\n- Details vary by plan and ZIP code\n- Some benefits have limits or networks`,
        `## Verdict\n\n${capitalised(subject)} can be a good fit; compare at least two plans before you decide.`,
      ].join('\n\n');
    case 'news':
      return [
        `# ${capitalised(topic)}: what changes and what to do`,
        `Here is what is new about ${subject}, who it affects and the steps to take now.`,
        `## What changed\n\nRules around ${subject} are being updated. Check your plan's annual notice of change for the details that apply to you.`,
        `## Who it affects\n\nPeople enrolled in, or shopping for, plans that include ${subject}.`,
        `## What to do next\n\n1. Read your plan's notice\n2. Write down your questions\n3. Talk to a licensed agent before the enrollment period ends`,
      ].join('\n\n');
    case 'how-to':
      return [
        `# How to ${subject}: a step-by-step guide`,
        `A short guide to ${subject}, one step at a time, with a checklist at the end.`,
        `## Steps\n\n1. Gather your Medicare card and the list of your doctors and prescriptions\n2. Look up the plans available in your ZIP code\n3. Compare what each plan says about ${subject}\n4. Ask a licensed agent about anything unclear`,
        `## Checklist\n\n- Medicare card at hand\n- Doctors and prescriptions listed\n- Two or more plans compared`,
      ].join('\n\n');
  }
}

/** The chat completion answering `model` with `content`, the same for the same inputs. */
function completion(model: string, content: string, prompt: string) {
  const id = createHash('sha256').update(`${model}\n${prompt}`).digest('hex').slice(0, 24);
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
  return {
    id: `chatcmpl-sandbox-${id}`,
    object: 'chat.completion',
    // Fixed, so answers are byte-for-byte deterministic.
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: words(prompt), completion_tokens: words(content), total_tokens: words(prompt) + words(content) },
  };
}

/** Starts the sandbox provider; resolves once it listens. */
export async function startSandboxProvider(options: SandboxProviderOptions = {}): Promise<SandboxProvider> {
  const host = options.host ?? '127.0.0.1';
  const events = new EventEmitter();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, status: number, message: string, type: string) => send(res, status, { error: { message: `sandbox: ${message}`, type } });

  async function readBody(req: http.IncomingMessage): Promise<string | undefined> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return undefined;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    if (path !== CHAT_COMPLETIONS_PATH && path !== `${BASE_PATH}${CHAT_COMPLETIONS_PATH}`) return refuse(res, 404, `no endpoint at ${path} (POST ${BASE_PATH}${CHAT_COMPLETIONS_PATH})`, 'invalid_request_error');
    if (req.method !== 'POST') return refuse(res, 405, `${path} takes POST`, 'invalid_request_error');
    if (options.token !== undefined && req.headers.authorization !== `Bearer ${options.token}`) return refuse(res, 401, 'a valid API key is required (Authorization: Bearer …)', 'authentication_error');
    const text = await readBody(req);
    if (text === undefined) return refuse(res, 400, `the body is larger than ${MAX_BODY_BYTES} bytes`, 'invalid_request_error');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refuse(res, 400, 'the body is not JSON', 'invalid_request_error');
    }
    const request = ChatRequestSchema.safeParse(body);
    if (!request.success) return refuse(res, 400, 'a chat request needs a model and a list of messages', 'invalid_request_error');
    const prompt = request.data.messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
    const { topic, template } = promptAssignment(prompt);
    events.emit('request', { model: request.data.model, topic, template } satisfies SandboxDraftRequest);
    send(res, 200, completion(request.data.model, sandboxArticle(topic, template), prompt));
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, 'could not answer', 'server_error');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}${BASE_PATH}`,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
