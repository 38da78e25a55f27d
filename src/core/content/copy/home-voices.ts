/**
 * Each Medicare brand's own words at the top of its home page: the same facts as the shared home
 * copy (home.ts: extra benefits of Medicare Advantage plans differ by ZIP code, free help, no
 * obligation), said in the brand's voice, so nine sites do not open with one identical headline.
 * Who helps is always a `{helper}` token (who-helps.ts): a brand that is not an agency never
 * claims licensed agents of its own.
 */
import type { BrandId } from '../../../../brands/ids.ts';
import type { PageConfig } from '../../pages/types.ts';

/** A brand's home headline, the lead paragraph under it, and its main button. */
export type HomeVoice = Required<Pick<PageConfig, 'headline' | 'subheadline' | 'cta'>>;

/** The voice of every brand whose own product is Medicare (a test checks none is missing). */
export const HOME_VOICES: Readonly<Partial<Record<BrandId, HomeVoice>>> = {
  ac: {
    headline: 'Medicare coverage that fits your life',
    subheadline:
      'American Coverage compares the Medicare Advantage plans in your area, from dental and vision to allowances for everyday health items, with free help from {helper}.',
    cta: 'Compare my Medicare options',
  },
  emily: {
    headline: 'Ask Emily what your Medicare could include',
    subheadline: 'Plain answers about the extra benefits Medicare plans near you may offer, like dental, vision and an allowance for everyday health items.',
    cta: 'Ask about my benefits',
  },
  mpa: {
    headline: 'Compare Medicare plans with an advisor on your side',
    subheadline:
      'See which Medicare Advantage plans in your ZIP code include dental, vision, hearing or an over-the-counter allowance, then go over them with {helper}.',
    cta: 'Start my plan comparison',
  },
  m10: {
    headline: 'Check your Medicare extras in a few minutes',
    subheadline: 'Answer a few short questions and see which extra benefits, such as dental, vision and grocery allowances, plans in your area offer.',
    cta: 'Check my extras',
  },
  gs: {
    headline: 'Find the Medicare benefits you may be missing',
    subheadline:
      'Many Medicare Advantage plans add extras such as dental care, eyeglasses or a Part B giveback. {Helper} can check which plans near you offer them.',
    cta: 'Find my benefits',
  },
  qs: {
    headline: 'Medicare help made for seniors',
    subheadline: 'Compare plans with dental, vision, hearing and everyday allowances, explained in plain language by {helper}, at no cost to you.',
    cta: 'See plans for me',
  },
  ayb: {
    headline: 'All your Medicare benefits in one place',
    subheadline: 'See every extra benefit plans in your area offer, from dental and vision to allowances for groceries and everyday health items.',
    cta: 'See all my benefits',
  },
  bridge: {
    headline: 'Bridge the gaps in your Medicare coverage',
    subheadline: 'Original Medicare does not cover routine dental, vision or hearing care. See which plans in your area add those benefits, and more.',
    cta: 'Close my coverage gaps',
  },
  sd: {
    headline: 'Straight answers about your Medicare options',
    subheadline: 'Tell us your ZIP code and see which extra benefits Medicare Advantage plans near you offer, with free help from {helper} whenever you want it.',
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
