/** Copy for the life-insurance and health-insurance themes. */
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** The life and health themes. */
export const LIFE_HEALTH_THEMES: Record<Extract<Theme, 'life' | 'health'>, ThemeContent> = {
  life: {
    product: 'life',
    benefits: ['life-coverage'],
    planTypes: ['Term life', 'Whole life', 'Final expense'],
    image: 'life',
    copy: {
      english: {
        title: 'Life insurance',
        description:
          'Compare term, whole and final expense life insurance to protect the people you love. Free, no-obligation help by phone.',
        headline: 'Protect the people you love with the right life insurance',
        subheadline:
          'Whether you want to cover a mortgage, replace income or pay final expenses, {helper} can help you compare your options.',
        body: [
          'Life insurance pays money to the people you choose when you pass away. It can help your family pay off debts, cover everyday bills, or take care of funeral and burial costs so they are not left with the expense.',
          'Term life insurance covers you for a set number of years and usually costs the least. Whole life insurance lasts for your lifetime and builds cash value. Final expense insurance is a smaller whole life policy, often chosen by older adults, designed to cover funeral costs and final bills.',
          'Your price depends on your age, health, the amount of coverage and the type of policy. Some policies ask health questions or require a medical exam; others, sometimes called guaranteed acceptance policies, skip health questions but may pay a limited benefit during the first years.',
          '{Helper} can explain the differences, help you decide how much coverage makes sense and compare policies from several insurers. The call is free and there is no obligation to buy.',
        ],
        cta: 'Compare life insurance',
        destination: '/go-4-life',
      },
    },
  },

  health: {
    product: 'health',
    benefits: ['health-coverage', 'prescription'],
    planTypes: ['Bronze', 'Silver', 'Gold', 'HMO', 'PPO', 'EPO'],
    image: 'care',
    copy: {
      english: {
        title: 'Health insurance',
        description:
          'Compare individual and family health insurance plans, including Marketplace plans that may qualify for savings based on your income.',
        headline: 'Find a health plan that fits your needs and budget',
        subheadline: 'Compare individual and family health insurance options with free help from {helper}.',
        body: [
          'If you do not get health coverage through work, Medicare or Medicaid, you can buy an individual or family health plan. Plans sold through the Health Insurance Marketplace cover essential health benefits such as doctor visits, hospital care, prescriptions and preventive care, and cannot turn you down because of a pre-existing condition.',
          'Depending on your household income, you may qualify for a premium tax credit that lowers your monthly premium, and some people also qualify for lower deductibles and copays. What you pay depends on where you live, your age, your household size and the plan you choose.',
          'You can enroll during Open Enrollment, which in most states runs from November 1 to January 15, or at other times if you have a qualifying life event such as losing other coverage, moving, getting married or having a baby.',
          '{Helper} can compare plans and networks in your area, check whether your doctors and prescriptions are covered and help you apply. If you have Medicare or will soon, ask about Medicare options instead. The call is free and there is no obligation to enroll.',
        ],
        cta: 'Compare health plans',
        destination: '/go-4-health',
      },
    },
  },
};
