/**
 * Each Medicare brand's own words at the top of its home page: the same facts as the shared home
 * copy (home.ts: extra benefits of Medicare Advantage plans differ by ZIP code, free help, no
 * obligation), said in the brand's voice, so nine sites do not open with one identical headline.
 * Who helps is named in the page below (a `{helper}` token, who-helps.ts), never here: a brand that
 * is not an agency never claims licensed agents of its own. Each is about as long as the shared
 * copy, so the call to action and the trust strip stay on a phone's first screen.
 */
import type { BrandId } from '../../../../brands/ids.ts';
import type { PageConfig } from '../../pages/types.ts';

/** A brand's home headline, the lead paragraph under it, and its main button. */
export type HomeVoice = Required<Pick<PageConfig, 'headline' | 'subheadline' | 'cta'>>;

/** The voice of every brand whose own product is Medicare (a test checks none is missing). */
export const HOME_VOICES: Readonly<Partial<Record<BrandId, HomeVoice>>> = {
  ac: {
    headline: 'Medicare made to fit your life',
    subheadline: 'American Coverage compares the Medicare Advantage plans near you, from dental and vision to everyday health allowances.',
    cta: 'Compare my options',
  },
  emily: {
    headline: 'Ask Emily about your Medicare',
    subheadline: 'Plain answers about the extras Medicare plans near you may offer, like dental, vision and everyday health allowances.',
    cta: 'Ask about benefits',
  },
  mpa: {
    headline: 'Compare Medicare plans with help',
    subheadline: 'See which Medicare Advantage plans in your ZIP code include dental, vision, hearing or an over-the-counter allowance.',
    cta: 'Start comparing',
  },
  m10: {
    headline: 'Check your Medicare extras',
    subheadline: 'Answer a few short questions to see which extras, like dental, vision and grocery allowances, plans near you offer.',
    cta: 'Check my extras',
  },
  gs: {
    headline: 'Benefits you may be missing',
    subheadline: 'Many Medicare Advantage plans add extras such as dental care, eyeglasses or a Part B giveback. See which plans near you do.',
    cta: 'Find my benefits',
  },
  qs: {
    headline: 'Medicare help made for seniors',
    subheadline: 'Compare plans with dental, vision, hearing and everyday allowances, explained in plain language, at no cost to you.',
    cta: 'See plans for me',
  },
  ayb: {
    headline: 'All your Medicare benefits',
    subheadline: 'See every extra benefit plans in your area offer, from dental and vision to allowances for groceries and health items.',
    cta: 'See all my benefits',
  },
  bridge: {
    headline: 'Bridge your Medicare gaps',
    subheadline: 'Original Medicare does not cover routine dental, vision or hearing care. See which plans near you add them, and more.',
    cta: 'Close my gaps',
  },
  sd: {
    headline: 'Straight Medicare answers',
    subheadline: 'Tell us your ZIP code and see which extra benefits Medicare Advantage plans near you offer, free and with no obligation.',
    cta: 'Show me my options',
  },
};

/**
 * The home page `page` in the voice of brand `brandId`, when it has one; the page unchanged
 * otherwise (another product's home copy, or no voice written).
 *
 * @example
 * withHomeVoice(home, 'bridge').headline // 'Bridge the gaps in your Medicare coverage'
 */
export function withHomeVoice(page: PageConfig, brandId: BrandId): PageConfig {
  const voice = HOME_VOICES[brandId];
  return voice ? { ...page, ...voice } : page;
}
