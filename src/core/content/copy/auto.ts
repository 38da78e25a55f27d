/** Copy for the auto-insurance theme (brands tqg and ps). */
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The auto theme. */
export const AUTO_THEMES: Record<Extract<Theme, 'auto'>, ThemeContent> = {
  auto: {
    product: 'auto',
    benefits: ['auto-quotes', 'auto-discounts', 'home-bundle'],
    planTypes: ['Liability', 'Full coverage', 'Collision', 'Comprehensive'],
    image: 'auto',
    copy: {
      english: {
        title: 'Compare car insurance',
        description:
          'Compare car insurance quotes from several insurers in minutes. Free, with no obligation, and you may find discounts you did not know about.',
        headline: 'Compare car insurance quotes and see if you could save',
        subheadline: 'Answer a few questions about your car and your driving, then compare quotes from insurers and licensed partners in your area.',
        body: [
          'Car insurance rates can differ widely from one insurer to the next for the same driver and the same car, because every company weighs your driving record, age, ZIP code, vehicle and coverage choices differently. Comparing several quotes is one of the simplest ways to see whether you are paying more than you need to.',
          'We ask a few questions about your vehicles, the drivers in your household and your current coverage, then match you with participating insurers and licensed insurance agencies who can quote you. It takes a few minutes and there is no cost or obligation.',
          'Ask about discounts when you compare. Many insurers offer savings for bundling home and auto, insuring more than one car, a safe driving record, low annual mileage, anti-theft devices, paying in full or completing an approved defensive driving course.',
          'Price is not the only thing to compare. Check the liability limits, deductibles, whether collision and comprehensive coverage are included, and extras like roadside assistance and rental car coverage, so you are comparing the same protection. Every state sets its own minimum requirements.',
          'Quotes and savings depend on your state, driving history, vehicle and the coverage you choose, and final prices are set by the insurer. You decide whether to switch, and you can keep your current policy if it is the better fit.',
        ],
        cta: 'Compare my quotes',
        destination: '/quiz/auto',
      },
    },
  },
};
