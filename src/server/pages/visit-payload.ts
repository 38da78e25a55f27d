/**
 * The payload of a visit: the pure loader's (core/payload/load.ts), then {@link PAYLOAD_STEPS}
 * in their order, each adding what the visit and the site content (site-content.ts) give it.
 * The one builder behind every HTML page, its JSON twin and the no-JavaScript funnel pages, so
 * all three carry the same payload.
 */
import { withReviewQuotes } from '../../core/content/review-quotes.ts';
import { pageProductLine } from '../../core/marketplace/product-line.ts';
import { payloadOfMatch } from '../../core/payload/load.ts';
import type { PagePayload, Payload } from '../../core/payload/types.ts';
import { withExperiment } from '../experiments/assigned-experiment.ts';
import { withPrivacyChoice } from '../privacy/privacy-choice.ts';
import { withPhoneRule } from './phone-rule.ts';
import { withPublishedArticle } from './published-article.ts';
import { withPublishedContent } from './published-page.ts';
import type { SiteContent } from './site-content.ts';
import type { Visit } from './visit.ts';

/**
 * Which payloads a step changes. `page`: a page still being built. `page or error`: also the
 * loader's error pages (no route, or one refusing the path). `every answer`: also an error page a
 * step answered with (an article's 404), after which only these steps run.
 */
export type PayloadStepTarget = 'page' | 'page or error' | 'every answer';

/** One named step of {@link visitPayload}. */
export interface PayloadStep {
  readonly name: string;
  readonly target: PayloadStepTarget;
  apply(payload: Payload, visit: Visit, content: SiteContent): Payload | Promise<Payload>;
}

/** A step that changes pages only. */
function pageStep(name: string, apply: (page: PagePayload, visit: Visit, content: SiteContent) => Payload | Promise<Payload>): PayloadStep {
  return { name, target: 'page', apply: (payload, visit, content) => apply(payload as PagePayload, visit, content) };
}

/**
 * The steps after the loader, in the order they apply; each sees what the ones before it made.
 * Staff fields first, so a variant's overrides lie over the published page and an article replaces
 * both; the phone rule's number after the page is settled; the privacy choice on every answer.
 */
export const PAYLOAD_STEPS: readonly PayloadStep[] = [
  pageStep('published content', withPublishedContent),
  pageStep('experiment variant', withExperiment),
  pageStep('published article', (page, _visit, content) => withPublishedArticle(page, content)),
  { name: 'phone rule', target: 'page or error', apply: withPhoneRule },
  pageStep('review quotes', (page, _visit, content) => withReviewQuotes(page, (brand, product) => content.reviewQuotes(brand, product))),
  pageStep('marketplace facts', (page, _visit, content) => {
    // The page's own line: a life page's calls go out with the life placement.
    const marketplace = content.marketplace(pageProductLine(page.brand.id, page.page.product));
    return marketplace ? { ...page, marketplace } : page;
  }),
  { name: 'privacy choice', target: 'every answer', apply: (payload, visit) => withPrivacyChoice(payload, visit.privacy) },
];

/** How many payloads {@link visitPayload} built in this process. */
let builtPayloads = 0;

/** How many payloads this process built: tests see that an HTML cache hit builds none. */
export function payloadsBuilt(): number {
  return builtPayloads;
}

/** Whether `step` changes `payload`; `answered`: a step before it turned the page into an error page. */
function applies(step: PayloadStep, payload: Payload, answered: boolean): boolean {
  if (step.target === 'every answer') return true;
  if (answered) return false;
  return step.target === 'page or error' || payload.kind === 'page';
}

/**
 * The payload of `visit`: the loader's page (or error page) for the visit's brand, route and
 * query, then every step of {@link PAYLOAD_STEPS} that applies, in order.
 *
 * @example
 * const payload = await visitPayload(await readVisit(request, options), openSiteContent({ store, vars, log }));
 */
export async function visitPayload(visit: Visit, content: SiteContent): Promise<Payload> {
  builtPayloads++;
  const { brand, path, query, buildId, now, workingHours, nextOpening } = visit;
  let payload = payloadOfMatch(visit.match, { brand, path, query, buildId, now, workingHours, nextOpening });
  let answered = false;
  for (const step of PAYLOAD_STEPS) {
    if (!applies(step, payload, answered)) continue;
    const next = await step.apply(payload, visit, content);
    answered ||= payload.kind === 'page' && next.kind === 'error';
    payload = next;
  }
  return payload;
}
