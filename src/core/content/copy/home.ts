/**
 * Copy for the home page. One route serves every site brand, so the page carries the Medicare
 * copy as its own and the other products' copy in `byProduct`; the brand's default product picks
 * one at render time (brand-view.ts). Links are filtered per brand by the route's `linkBrands`.
 */
import { PRODUCT_DISCLAIMERS } from '../disclaimers.ts';
import { pageImage } from '../images.ts';
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The home theme. */
export const HOME_THEMES: Record<Extract<Theme, 'home'>, ThemeContent> = {
  home: {
    benefits: ['otc', 'dental', 'vision', 'hearing', 'grocery', 'giveback'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP', 'C-SNP'],
    image: 'benefits',
    copy: {
      english: {
        title: 'Coverage made simple',
        description:
          'Explore insurance options and extra benefits you may qualify for, with free, no-obligation help by phone from our insurance partners.',
        headline: 'Get more from your Medicare',
        subheadline:
          'Find out which extra benefits, like dental, vision and everyday health allowances, are offered by Medicare plans in your area.',
        body: [
          '{brandName} helps people with Medicare understand their options. Medicare Advantage plans from private insurance companies can include benefits Original Medicare does not, such as dental, vision and hearing coverage, prescription drugs and allowances for over-the-counter items.',
          'Plans, benefits and costs differ from county to county, so we start with your ZIP code. You will see the kinds of benefits plans in your area offer, and you can talk with {helper}, who can compare plans, check your doctors and prescriptions and answer your questions.',
          'Most people with Medicare Part A and Part B who live in a plan’s service area can join a Medicare Advantage plan during the Annual Enrollment Period, October 15 to December 7. Some people, including those who also have Medicaid or who have recently moved, can make changes at other times.',
          'Our help is free, and there is never an obligation to enroll. Choose a topic below to get started.',
        ],
        cta: 'Check my benefits',
        destination: '/go-4-benefits',
        disclaimers: PRODUCT_DISCLAIMERS.medicare.english,
      },
    },
    byProduct: {
      auto: {
        headline: 'Compare car insurance and keep more of your money',
        subheadline: 'Get quotes from several insurers and licensed partners in a few minutes, for free.',
        body: [
          '{brandName} makes it easy to compare car insurance. Instead of calling insurers one by one, answer a few questions once and see quotes from participating insurers and licensed insurance agencies in your area.',
          'Rates for the same driver and car can vary a lot between companies, and many drivers qualify for discounts they never ask about, such as bundling home and auto, a safe driving record, low mileage or insuring more than one vehicle.',
          'Comparing is free and there is no obligation. Your price depends on your state, driving history, vehicle and the coverage you choose, and you decide whether to switch.',
        ],
        image: pageImage('auto', 'english'),
        cta: 'Compare quotes',
        destination: '/quiz/auto',
        benefits: ['auto-quotes', 'auto-discounts', 'home-bundle'],
        planTypes: ['Liability', 'Full coverage'],
        disclaimers: PRODUCT_DISCLAIMERS.auto.english,
      },
      // The health and life brands sell their own product only: their home copy leads
      // to their own funnel and names no other product.
      health: {
        headline: 'Health coverage, explained in plain language',
        subheadline: 'Compare individual and family health plans with free help from {helper}.',
        body: [
          '{brandName} helps people find health coverage that fits their needs and budget, whether they are buying on their own, self-employed or between jobs.',
          'If you buy your own coverage, you may qualify for savings on Marketplace plans based on your household income. Plans differ in their doctors and hospitals, deductibles and copays, so it pays to compare before you choose.',
          '{Helper} can compare plans, check your doctors and prescriptions and explain the costs before you decide. The call is free and there is no obligation to enroll.',
        ],
        image: pageImage('care', 'english'),
        cta: 'Compare health plans',
        destination: '/go-4-health',
        benefits: ['health-coverage'],
        planTypes: ['Bronze', 'Silver', 'Gold', 'HMO', 'PPO'],
        disclaimers: PRODUCT_DISCLAIMERS.health.english,
      },
      life: {
        headline: 'Protect your family and your future',
        subheadline: 'Compare life insurance, including final expense coverage, with free help from {helper}.',
        body: [
          '{brandName} helps older adults and families plan ahead. Life insurance, including final expense coverage, can help your loved ones pay for funeral costs, debts and everyday bills.',
          'Your price depends on your age, your health, whether you use tobacco and how much coverage you choose. Final expense policies are smaller whole life policies, often chosen to cover funeral costs and final bills.',
          '{Helper} can answer your questions and compare policies from several insurers with you. The call is free and there is no obligation to buy.',
        ],
        image: pageImage('life', 'english'),
        cta: 'Compare life insurance',
        destination: '/go-4-life',
        benefits: ['life-coverage'],
        planTypes: ['Term life', 'Whole life', 'Final expense'],
        disclaimers: PRODUCT_DISCLAIMERS.life.english,
      },
    },
    links: [
      { href: '/quiz/otc', label: 'Check your OTC allowance', description: 'See if plans near you include money for everyday health items.', product: 'medicare' },
      { href: '/otc-savings', label: 'How OTC allowances work', description: 'What they cover, who may qualify and how to use them.', product: 'medicare' },
      { href: '/grocery', label: 'Grocery allowance', description: 'Help with healthy food for members with qualifying conditions.', product: 'medicare' },
      { href: '/dental-vision', label: 'Dental, vision and hearing', description: 'Plans that may cover cleanings, eye exams, glasses and hearing aids.', product: 'medicare' },
      { href: '/partb-giveback-now', label: 'Part B giveback', description: 'Plans that may lower the Part B premium you pay.', product: 'medicare' },
      { href: '/csnp-allowance', label: 'Plans for chronic conditions', description: 'Special Needs Plans for diabetes, heart disease, COPD and more.', product: 'medicare' },
      { href: '/shop-4-dsnp-otc', label: 'Plans for Medicare and Medicaid', description: 'Dual Eligible Special Needs Plans for people who have both.', product: 'medicare' },
      { href: '/unlock-hidden-benefits', label: 'Extra Medicare benefits', description: 'See what Medicare Advantage plans in your area offer.', product: 'medicare' },
      { href: '/carriers', label: 'Compare Medicare carriers', description: 'See which insurance companies serve your ZIP code.', product: 'medicare' },
      { href: '/go-4-health', label: 'Health insurance', description: 'Individual and family plans, with savings for those who qualify.', product: 'health' },
      { href: '/go-4-life', label: 'Life insurance', description: 'Term, whole and final expense coverage for the people you love.', product: 'life' },
      { href: '/quiz/auto', label: 'Compare auto quotes', description: 'Answer a few questions and compare insurers in minutes.', product: 'auto' },
      { href: '/compare-auto', label: 'Compare car insurance rates', description: 'See if you could pay less for the coverage you need.', product: 'auto' },
    ],
  },
};
