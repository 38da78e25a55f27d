import type { Brand } from '../../../brands/types.ts';
import type { ReviewQuote } from '../content/review-quotes.ts';
import type { PrivacyChoice } from '../contract/privacy-choices.ts';
import type { ExperimentAssignment } from '../experiments/experiment.ts';
import type { FunnelDefinition } from '../funnels/types.ts';
import type { Language, PageConfig } from '../pages/types.ts';
import type { AppliedPhoneRule } from '../phone-rules/match.ts';

/**
 * The brand facts a page shows; everything in Brand is public (no secrets live there). A payload
 * carries the carriers of its trust strip's product only (public-brand.ts).
 */
export type PublicBrand = Brand;

/**
 * Which step of a stepped funnel a page shows. `number` is its place in the funnel's definition
 * (events report it as stepNumber); the progress shown to the visitor counts their own path instead
 * (funnels/visitor-path.ts).
 */
export interface StepState {
  name: string;
  /** 1-based. */
  number: number;
  /** True when the URL's step matched no step name and the first step was used. */
  isFallback: boolean;
}

/** The route facts a page needs, with this brand's campaign codes resolved. */
export interface RouteInfo {
  name: string;
  pattern: string;
  language: Language;
  smid?: string;
  xsmid?: string;
  params: Record<string, string>;
  middleware?: readonly string[];
}

/** Everything a page renders, decided before the first byte and embedded once in the HTML. */
export interface PagePayload {
  kind: 'page';
  status: number;
  buildId: string;
  path: string;
  brand: PublicBrand;
  route: RouteInfo;
  page: PageConfig;
  /**
   * Whether the call center is open at request time (spec §4 working hours): inside hours calls to
   * action offer the phone first, outside them the online form.
   */
  workingHours?: boolean;
  /**
   * Outside working hours, when the call centre next opens (epoch milliseconds; server-judged with
   * the visit's utm_medium, src/core/hours/opening-times.ts): the end screens and the header say it
   * in the visitor's own zone. Absent inside working hours.
   */
  nextOpening?: number;
  /** The funnel the page runs: the shown step whole, the others outlined (funnels/step-funnel.ts). */
  funnel?: FunnelDefinition;
  step?: StepState;
  /** Server-known form state of a funnel page (no-JavaScript form posts); absent on client navigations. */
  formState?: FunnelFormState;
  /** The marketplace facts the browser's marketplace calls send; absent when none is configured. */
  marketplace?: PageMarketplace;
  /** The browser opted out of the sale and sharing of its information (cookie or GPC); absent otherwise. */
  privacy?: PrivacyChoice;
  /** A signed-in editor's preview of a draft: never cached, never indexed. */
  preview?: true;
  /**
   * The running experiment this page is in and the visitor's variant, already applied to `page`;
   * `forced` when signed-in staff chose the variant with `?exp=` (no experimentEntered then).
   */
  experiment?: ExperimentAssignment & { forced?: true };
  /**
   * The phone rule of the visit's afid that applied; `brand.phone` is then its number.
   * Absent when none applied. Events carry it as their context's `phoneRule`.
   */
  phoneRule?: AppliedPhoneRule;
  /** The review strip beside the trust strip: quotes of the brand's own carrier reviews; absent when it has none. */
  reviews?: readonly ReviewQuote[];
}

/**
 * The ad-marketplace facts from server config that a page's browser code sends (spec §7): the
 * placement id of the brand's product line and the affiliate id used as sub_1 when the URL has
 * no afid. Neither is secret (both travel in every marketplace payload); the API token never
 * leaves the server.
 */
export interface PageMarketplace {
  placementId?: string;
  affiliateId?: string;
}

/**
 * What the server knows about a funnel page's form (no-JavaScript visitors): the form's values
 * from the form cookie and, after a refused post, what was posted and each field's problem.
 */
export interface FunnelFormState {
  /** The form's valid lead values by field name (pre-fill). */
  values: Record<string, unknown>;
  /** A refused post's input values by input name, shown again as typed. */
  input?: Record<string, string>;
  /** A refused post's problems by lead field name. */
  errors?: Record<string, string>;
  /** The query string (with its '?') the no-JavaScript form posts back, so attribution survives. */
  query?: string;
  /** What became of the lead a no-JavaScript post captured: stored (with its status) or failed. */
  lead?: { status: 'stored' | 'failed'; leadStatus?: string };
}

/** The not-found and generic error pages (spec §2 "Errors"). */
export interface ErrorPayload {
  kind: 'error';
  status: number;
  statusMessage: string;
  description: string;
  buildId: string;
  path: string;
  brand: PublicBrand;
  language: Language;
  /** As {@link PagePayload.privacy}: error pages leave out the tag manager for an opted-out browser too. */
  privacy?: PrivacyChoice;
  /** As {@link PagePayload.phoneRule}: a rule for every route applies on error pages too (they have no route). */
  phoneRule?: AppliedPhoneRule;
}

/** A page or an error page. */
export type Payload = PagePayload | ErrorPayload;
