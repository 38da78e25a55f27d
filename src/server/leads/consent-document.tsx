/**
 * The consent step of a lead's funnel as its visitor saw it: rendered by the server with the
 * components the page itself uses (StepHeading and StepForm, with the disclosure right above the
 * button), for the lead's brand and route, without any visitor's values. Its sha256 goes into the
 * lead's consent proof and its bytes into the store once per distinct hash, so the proof can be
 * shown later and compared with what the code renders then.
 *
 * The render is the same for every visitor of a brand's route under one build: the form's
 * address has no query (it may carry a visitor's campaign facts), Back goes where it goes for a
 * visitor who answered nothing, and phone numbers are the brand's own (an affiliate's phone rule
 * changes the page's number, never the consent step's words or button).
 */
import { createHash } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { brandById } from '../../../brands/index.ts';
import { ROUTES } from '../../../routes.ts';
import { isConsentStep, stepConsent } from '../../core/funnels/consent.ts';
import { funnelById } from '../../core/funnels/index.ts';
import { stepPath } from '../../core/funnels/paths.ts';
import { visitorPath } from '../../core/funnels/visitor-path.ts';
import { StepForm } from '../../ui/funnel/StepForm.tsx';
import { StepHeading } from '../../ui/funnel/StepHeading.tsx';
import { FUNNEL_TEXT } from '../../ui/funnel/text.ts';
import type { Store } from '../platform/store/index.ts';

/** Which consent step to render: a lead's brand, route and funnel. */
export interface ConsentStepOf {
  brandId: string;
  route: string;
  funnel: string;
}

/** A rendered consent step: its HTML and the sha256 (hex) of its UTF-8 bytes; or why there is none. */
export type ConsentStepRender = { ok: true; html: string; sha256: string } | { ok: false; problem: string };

/** sha256 (hex) of `html`'s UTF-8 bytes: the key a consent document is kept and compared by. */
export function consentDocumentHash(html: string): string {
  return createHash('sha256').update(html, 'utf8').digest('hex');
}

/** Renders by brand and route: a route names its funnel, and the render depends on nothing else in a process. */
const rendered = new Map<string, ConsentStepRender>();

/** The hashes each store is known to keep already, so a lead after the first writes no document again. */
const kept = new WeakMap<Store, Set<string>>();

/** Nothing happens on submit or skip: the render is never mounted. */
const NOT_MOUNTED = () => Promise.resolve();

function render({ brandId, route: routeName, funnel: funnelId }: ConsentStepOf): ConsentStepRender {
  const brand = brandById(brandId);
  if (!brand) return { ok: false, problem: `brand '${brandId}' is not a brand of this build` };
  const route = ROUTES.find((candidate) => candidate.name === routeName);
  if (!route?.brands.includes(brand.id)) return { ok: false, problem: `route '${routeName}' is not a route of brand '${brandId}' in this build` };
  if (route.page.form !== funnelId) return { ok: false, problem: `route '${routeName}' runs no funnel '${funnelId}' in this build` };
  const funnel = funnelById(funnelId);
  if (!funnel) return { ok: false, problem: `funnel '${funnelId}' is not a funnel of this build` };
  const index = funnel.steps.findIndex(isConsentStep);
  const step = funnel.steps[index];
  const consent = step && stepConsent(step, brand, funnel.language);
  if (!step || !consent) return { ok: false, problem: `funnel '${funnelId}' has no step asking for a phone or email in this build` };
  const path = visitorPath(funnel, index, {});
  const previous = funnel.steps[path[path.indexOf(index) - 1] ?? -1];
  const html = renderToStaticMarkup(
    <div className="funnel-body" data-step={step.name}>
      <StepHeading step={step} brand={brand} />
      <StepForm
        funnel={funnel}
        step={step}
        text={FUNNEL_TEXT[funnel.language]}
        action={stepPath(route.path, {}, step.name)}
        values={{}}
        {...(previous ? { backHref: stepPath(route.path, {}, previous.name) } : {})}
        consent={consent}
        onSubmit={NOT_MOUNTED}
        onSkip={NOT_MOUNTED}
      />
    </div>,
  );
  return { ok: true, html, sha256: consentDocumentHash(html) };
}

/**
 * The consent step of `lead`'s funnel as this build renders it, rendered once per brand and route
 * and then taken from memory; `ok: false` names what this build no longer has (a route or funnel
 * removed since the lead was captured).
 * @example
 * const now = renderConsentStep({ brandId: lead.brandId, route: lead.route, funnel: lead.funnel });
 * if (now.ok && now.sha256 === lead.consent?.htmlSha256) console.log('matches');
 */
export function renderConsentStep(lead: ConsentStepOf): ConsentStepRender {
  const key = `${lead.brandId}\n${lead.route}\n${lead.funnel}`;
  let result = rendered.get(key);
  if (!result) {
    result = render(lead);
    rendered.set(key, result);
  }
  return result;
}

/**
 * Renders the consent step of `lead` (see {@link renderConsentStep}), keeps its HTML in `store`
 * unless a document with the same hash is kept already, and answers the proof's facts naming it.
 * Resolves after the document's commit, so a lead stored next never names a missing document.
 * @throws when the step cannot be rendered: the caller checked the route and funnel, so this is a bug.
 */
export async function keepConsentDocument(store: Store, lead: ConsentStepOf, buildId: string, now: Date): Promise<{ htmlSha256: string; buildId: string }> {
  const step = renderConsentStep(lead);
  if (!step.ok) throw new Error(`consent step not rendered: ${step.problem}`);
  let hashes = kept.get(store);
  if (!hashes) kept.set(store, (hashes = new Set()));
  if (!hashes.has(step.sha256)) {
    await store.saveConsentDocument({ sha256: step.sha256, html: step.html, buildId, firstSeenAt: now.toISOString() });
    hashes.add(step.sha256);
  }
  return { htmlSha256: step.sha256, buildId };
}
