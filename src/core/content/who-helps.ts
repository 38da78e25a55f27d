/**
 * Who helps a visitor who calls, as the copy names it. An
 * agency brand (Brand.isAgency) is a trading name of a licensed agency: its callers talk to its
 * own licensed agents, and it may say so. Any other brand is a marketing site whose callers reach
 * a licensed insurance agency it works with, and it must say that instead, never "a licensed
 * agent" as if it employed one.
 *
 * One rule, one phrase table: copy never spells the helper out. It writes a token, filled per
 * brand by the brand view ({@link helperTokens}, used by brand-view.ts `fillBrandFacts`):
 * - `{helper}` mid-sentence, with its article: "a licensed insurance agent";
 * - `{Helper}` the same at the start of a sentence;
 * - `{helperEs}`, `{HelperEs}` the same in Spanish copy (a token names its language because the
 *   fill does not know the page's).
 * Sentences built in code take their words from here too: the agents' hours sentence
 * ({@link hoursSubject}) and the consent disclosure ({@link consentHelpers}).
 */
import type { Brand } from '../../../brands/types.ts';
import type { LeadLanguage } from '../leads/localized.ts';

/** Who answers a brand's calls: its own licensed agents (an agency brand), or a licensed agency it works with. */
export type HelperKind = 'own-agents' | 'partner-agency';

/** The brand fact the rule reads. */
export type HelperBrand = Pick<Brand, 'isAgency'>;

/** The one rule: agency brands have their own licensed agents; every other brand works with a licensed agency. */
export function helperKind(brand: HelperBrand): HelperKind {
  return brand.isAgency ? 'own-agents' : 'partner-agency';
}

/** The ways copy names the helper, in one language. */
interface HelperPhrases {
  /** Mid-sentence, with its article. */
  helper: string;
  /** Opens the hours sentence, verb included (it agrees with the subject, so no copy can add it). */
  hoursSubject: string;
  /** In the consent disclosure, right after the site's owner: who may call on the owner's behalf. */
  ownersHelpers: string;
}

const PHRASES: Readonly<Record<HelperKind, Readonly<Record<LeadLanguage, HelperPhrases>>>> = {
  'own-agents': {
    en: { helper: 'a licensed insurance agent', hoursSubject: 'Licensed agents are available', ownersHelpers: 'its licensed insurance agents' },
    es: { helper: 'un agente de seguros autorizado', hoursSubject: 'Los agentes autorizados atienden', ownersHelpers: 'sus agentes de seguros autorizados' },
  },
  'partner-agency': {
    en: {
      helper: 'a licensed insurance agency we work with',
      hoursSubject: 'A licensed insurance agency we work with takes calls',
      ownersHelpers: 'the licensed insurance agency it works with',
    },
    es: {
      helper: 'una agencia de seguros autorizada con la que trabajamos',
      hoursSubject: 'Una agencia de seguros autorizada con la que trabajamos atiende',
      ownersHelpers: 'la agencia de seguros autorizada con la que trabaja',
    },
  },
};

/** `text` with its first letter in upper case: a phrase that opens a sentence. */
function sentenceStart(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The helper tokens of the module comment, filled for `brand`: `{ helper: 'a licensed insurance agent', Helper: …, helperEs: …, … }`. */
export function helperTokens(brand: HelperBrand): Record<string, string> {
  const phrases = PHRASES[helperKind(brand)];
  return {
    helper: phrases.en.helper,
    Helper: sentenceStart(phrases.en.helper),
    helperEs: phrases.es.helper,
    HelperEs: sentenceStart(phrases.es.helper),
  };
}

/**
 * The opening of the sentence saying when calls are answered, verb included: "Licensed agents are
 * available" (agency brands) or "A licensed insurance agency we work with takes calls" (any other).
 */
export function hoursSubject(brand: HelperBrand, language: LeadLanguage): string {
  return PHRASES[helperKind(brand)][language].hoursSubject;
}

/**
 * Who may call the visitor on the site owner's behalf, as the consent disclosure names them after
 * the owner: "its licensed insurance agents" (agency brands) or "the licensed insurance agency it
 * works with" (any other brand).
 */
export function consentHelpers(brand: HelperBrand, language: LeadLanguage): string {
  return PHRASES[helperKind(brand)][language].ownersHelpers;
}
