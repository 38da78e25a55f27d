import { PassThrough, Transform, type Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { renderToPipeableStream } from 'react-dom/server';
import { createIsbotFromList, list as crawlerPatterns } from 'isbot';
import { CONTROL_CENTER_BRAND } from '../../core/router/control-center-route.ts';
import type { BootData } from '../../ui/boot-data.ts';
import { Document } from '../../ui/Document.tsx';
import { loadEveryPart } from '../../ui/lazy-part.tsx';

/**
 * The User-Agents that are not crawlers for rendering's sake, though isbot's list takes them as
 * automation: a headless browser runs the page's scripts like any browser (so the streamed shell
 * serves it as well), and a bare `name/version` token is what HTTP clients and test tools send
 * when they say nothing else. Only crawlers that may not run scripts need the whole page at once.
 */
const STREAMED_AUTOMATION = ['HeadlessChrome/131.0.0.0', 'lightMyRequest', 'node'];

/** isbot's crawler patterns without the ones that take {@link STREAMED_AUTOMATION} for a crawler. */
const isCrawler = createIsbotFromList(crawlerPatterns.filter((pattern) => !STREAMED_AUTOMATION.some((agent) => new RegExp(pattern, 'i').test(agent))));

/**
 * What {@link isBotUserAgent} answered, by User-Agent: the crawler test runs a long list of
 * patterns, and a site's traffic comes from few User-Agents, so most visits are answered from here.
 * Bounded, as the header is whatever the client sends.
 */
const botAnswers = new LRUCache<string, boolean>({ max: 1000 });

/** True for crawlers, which get the whole page at once (`onAllReady`) instead of a streamed shell. */
export function isBotUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  let bot = botAnswers.get(userAgent);
  if (bot === undefined) {
    bot = isCrawler(userAgent);
    botAnswers.set(userAgent, bot);
  }
  return bot;
}

/** How a document is rendered: for whom, with which nonce, and who hears of errors and of the finished bytes. */
export interface RenderOptions {
  forBot: boolean;
  nonce: string;
  onError?: (error: unknown) => void;
  /**
   * Called with the whole document once it has been streamed without any render error (the HTML
   * cache keeps it); not called when rendering failed anywhere or the stream was cut short.
   */
  onComplete?: (body: Buffer) => void;
}

/** A pass-through that also keeps the chunks, for {@link RenderOptions.onComplete}. */
function tap(onComplete: (body: Buffer) => void, failed: () => boolean): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (!failed()) onComplete(Buffer.concat(chunks));
      callback();
    },
  });
}

/**
 * Streams the document with React's `renderToPipeableStream`. Resolves once the shell is ready
 * (or everything is, for bots), so the caller can still choose the status before the first byte;
 * rejects if the shell itself fails, so the caller can answer with the error page instead.
 * `nonce` is the response's CSP nonce (`reply.scriptNonce`): the document's inline scripts carry
 * it, and React puts it on every script it writes (bootstrap module, its preload, streaming runtime).
 * Control-center pages are rendered whole too: their code is a lazily loaded chunk, and
 * a shell flushed before it resolves would hold its content in a hidden block that only a script
 * reveals, which would break the sign-in page without JavaScript (and hide content from crawlers).
 */
export async function renderDocumentStream(boot: BootData, options: RenderOptions): Promise<Readable> {
  // The code of every lazily loaded part (ui/lazy-part.tsx: playground, privacy choices, ad list)
  // is in before rendering (loaded once, then at once), so none suspends and the shell holds its markup.
  await loadEveryPart();
  const whole = options.forBot || boot.payload.brand.id === CONTROL_CENTER_BRAND;
  return new Promise((resolve, reject) => {
    let failed = false;
    const { onComplete } = options;
    const body = onComplete ? tap(onComplete, () => failed) : new PassThrough();
    const ready = () => {
      stream.pipe(body);
      resolve(body);
    };
    const stream = renderToPipeableStream(<Document boot={boot} nonce={options.nonce} />, {
      bootstrapModules: [boot.assets.entry],
      nonce: options.nonce,
      // Every Suspense boundary's content is written in place, however large: React would otherwise
      // move a large one (over 12.8 kB) after a fallback that a script swaps, and every visitor
      // template is a part in a boundary of its own (ui/templates/index.ts), so a funnel or home
      // page would be blank without JavaScript. Nothing suspends here (every part is loaded above),
      // so this costs visitors no streaming.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      ...(whole ? { onAllReady: ready } : { onShellReady: ready }),
      onShellError: reject,
      onError: (error) => {
        failed = true;
        options.onError?.(error);
      },
    });
  });
}
