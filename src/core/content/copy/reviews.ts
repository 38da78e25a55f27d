/**
 * Copy for the carrier review pages (brand ac): one balanced review per named carrier and a
 * generic page for any other carrier slug. Star ratings are described, never quoted: they are
 * set per contract and change every year.
 */
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

/** What differs from one carrier review to the next. */
interface CarrierReview {
  carrier: string;
  description: string;
  subheadline: string;
  /** Who the carrier is; the shared paragraphs follow. */
  intro: string[];
  planTypes: string[];
  planTypesText: string;
  extrasText: string;
  ratingsText: string;
  pros: string[];
  cons: string[];
  suits: string;
}

const RATINGS_CONTEXT =
  'Medicare rates each plan contract from 1 to 5 stars every year, based on measures such as preventive care, chronic condition management, member complaints and customer service. A rating belongs to one contract, not to the whole company, so check the current rating of the exact plan you are considering on Medicare.gov.';

/** Builds a review theme; every review has the same sections so visitors can compare carriers. */
function carrierReview(review: CarrierReview): ThemeContent {
  return {
    product: 'medicare',
    benefits: ['dental', 'vision', 'hearing', 'otc', 'fitness', 'prescription'],
    planTypes: review.planTypes,
    image: 'review',
    copy: {
      english: {
        title: `${review.carrier} Medicare review`,
        description: review.description,
        headline: `${review.carrier} Medicare Advantage review`,
        subheadline: review.subheadline,
        body: [
          ...review.intro,
          `This review describes what ${review.carrier} Medicare Advantage plans commonly include. Plans, benefits and costs vary by county and change every year, so use it as a starting point and confirm the details in the plan’s Summary of Benefits and Evidence of Coverage.`,
          'You generally need Medicare Part A and Part B and must live in a plan’s service area to enroll. {Helper} can compare these plans with others available at your address. The call is free and there is no obligation to enroll.',
        ],
        cta: `Compare ${review.carrier} with other plans`,
        destination: '/go-4-benefits',
        sections: [
          { id: 'plan-types', heading: 'Plan types offered', paragraphs: [review.planTypesText] },
          { id: 'extras', heading: 'Extras commonly included', paragraphs: [review.extrasText] },
          { id: 'star-ratings', heading: 'Star ratings', paragraphs: [RATINGS_CONTEXT, review.ratingsText] },
          { id: 'pros', heading: 'Pros', paragraphs: [], items: review.pros },
          { id: 'cons', heading: 'Cons', paragraphs: [], items: review.cons },
          { id: 'who-it-suits', heading: 'Who it may suit', paragraphs: [review.suits] },
        ],
      },
    },
  };
}

/** The review themes: the five named carriers and the catch-all. */
export const REVIEW_THEMES: Record<Extract<Theme, 'review' | `review-${string}`>, ThemeContent> = {
  'review-aetna': carrierReview({
    carrier: 'Aetna',
    description:
      'A balanced look at Aetna Medicare Advantage plans: plan types, common extras, star ratings, pros and cons, and who they may suit.',
    subheadline: 'What Aetna plans typically offer, where they stand out and what to check before you enroll.',
    intro: [
      'Aetna, part of CVS Health, is one of the largest Medicare Advantage insurers in the country and sells plans in most states. Its Medicare lineup is known for a wide choice of PPO plans and for ties to CVS pharmacies and MinuteClinic locations.',
    ],
    planTypes: ['HMO', 'PPO', 'D-SNP'],
    planTypesText:
      'Aetna offers Medicare Advantage HMO and PPO plans, with HMO point-of-service options in some markets, and Dual Eligible Special Needs Plans (D-SNPs) for people with both Medicare and Medicaid. Most plans include Part D prescription drug coverage; some PPO plans are offered without it for people who have drug coverage elsewhere.',
    extrasText:
      'Many Aetna plans include routine dental, vision and hearing coverage, a fitness benefit, and an allowance for over-the-counter items. Some plans add a flexible benefits card, meal delivery after a hospital stay or rides to medical appointments, and D-SNPs often include larger allowances. Whether a plan includes these extras, and how much they are worth, depends on the plan and county.',
    ratingsText:
      'Aetna’s Medicare contracts have received a range of ratings over the years, and a plan in one state can be rated differently from a plan in another.',
    pros: [
      'Wide choice of PPO plans with some coverage outside the network',
      'Large provider networks in many areas',
      'Convenient pharmacy and clinic access through CVS Health',
      'Many plans bundle dental, vision, hearing and fitness benefits',
    ],
    cons: [
      'Plan lineups and service areas change from year to year',
      'Extra benefits and allowance amounts differ widely by county',
      'PPO plans with broader networks can have higher copays or premiums',
      'HMO plans require in-network care and often referrals',
    ],
    suits:
      'Aetna plans may suit people who want a PPO with some out-of-network flexibility, who travel within the U.S., or who already use CVS pharmacies. If your priority is the lowest premium or a specific local doctor, compare networks and total costs carefully.',
  }),

  'review-cigna': carrierReview({
    carrier: 'Cigna',
    description:
      'A balanced look at Cigna Medicare Advantage plans, now HealthSpring in many areas: plan types, extras, star ratings, pros and cons.',
    subheadline: 'What former Cigna Medicare plans offer today, what changed and what to check before you enroll.',
    intro: [
      'Cigna offered Medicare Advantage plans for many years, often under the Cigna-HealthSpring name. In 2025 Cigna’s Medicare business was sold to Health Care Service Corporation (HCSC), which runs Blue Cross and Blue Shield plans in several states, and many of these plans are now offered under the HealthSpring name.',
      'If you see Cigna plans in older materials, or you are a current member, check the plan name, carrier and provider network in this year’s plan documents.',
    ],
    planTypes: ['HMO', 'PPO', 'D-SNP', 'C-SNP'],
    planTypesText:
      'The lineup includes Medicare Advantage HMO and PPO plans, Dual Eligible Special Needs Plans (D-SNPs) for people with Medicare and Medicaid and, in some areas, Chronic Condition Special Needs Plans (C-SNPs). Plans are sold in fewer states than those of the largest national carriers.',
    extrasText:
      'Plans commonly include routine dental, vision and hearing coverage, an allowance for over-the-counter items and a fitness program. Some plans offer in-home health visits, and some D-SNPs include a flexible allowance card that qualifying members can use for groceries or utilities. Benefits vary by plan and location.',
    ratingsText:
      'Ratings for these contracts have varied by region over the years, and contracts may be renamed or combined after a change of ownership, so look up the rating of the current plan rather than relying on an older one.',
    pros: [
      'Focus on coordinated care and primary care relationships',
      'Special Needs Plans with extra allowances in many markets',
      'Prescription drug coverage included in most plans',
      'Many plans include dental, vision and hearing extras',
    ],
    cons: [
      'Recent change of ownership and plan names can be confusing',
      'Available in fewer states than the largest carriers',
      'HMO plans limit coverage to the network except in emergencies',
      'Networks and benefits may shift while plans transition',
    ],
    suits:
      'These plans may suit people in areas where they have a strong local network of doctors, people who value care coordination, and people with both Medicare and Medicaid who want a D-SNP. Confirm your doctors are in the current network before you enroll.',
  }),

  'review-humana': carrierReview({
    carrier: 'Humana',
    description:
      'A balanced look at Humana Medicare Advantage plans: plan types, common extras, star ratings, pros and cons, and who they may suit.',
    subheadline: 'What Humana plans typically offer, where they stand out and what to check before you enroll.',
    intro: [
      'Humana is one of the largest Medicare Advantage insurers in the United States and focuses much of its business on Medicare. It offers plans in most of the country and also runs CenterWell primary care centers and a mail-order pharmacy used by many members.',
    ],
    planTypes: ['HMO', 'PPO', 'D-SNP', 'C-SNP'],
    planTypesText:
      'Humana offers Medicare Advantage HMO and PPO plans, Dual Eligible Special Needs Plans (D-SNPs) and, in many areas, Chronic Condition Special Needs Plans (C-SNPs). Most plans include Part D drug coverage, and Humana also sells stand-alone Part D prescription drug plans.',
    extrasText:
      'Many Humana plans include routine dental, vision and hearing coverage, a fitness program, an allowance for over-the-counter items, and benefits such as meals after a hospital stay or rides to appointments. Some Special Needs Plans include an allowance that qualifying members can use for healthy food or utilities. Amounts and eligibility vary by plan and county.',
    ratingsText:
      'Humana’s ratings vary widely between contracts, and several of its large contracts were rated lower in recent years than in the past, so it is especially worth checking the current rating of the plan you are considering.',
    pros: [
      'Long experience focused on Medicare members',
      'Broad choice of HMO and PPO plans in many areas',
      'Special Needs Plans with allowances for qualifying members',
      'Mail-order pharmacy and primary care centers in some markets',
    ],
    cons: [
      'Star ratings for some large contracts have fallen in recent years',
      'HMO plans often require referrals to see specialists',
      'Benefits and allowances vary widely by county',
      'Some plans and counties are discontinued from one year to the next',
    ],
    suits:
      'Humana plans may suit people who want a Medicare-focused insurer with many plan choices, and people who qualify for a Special Needs Plan in an area where Humana offers one. Compare networks and the current star rating with other carriers in your area.',
  }),

  'review-wellcare': carrierReview({
    carrier: 'Wellcare',
    description:
      'A balanced look at Wellcare Medicare Advantage plans from Centene: plan types, common extras, star ratings, pros and cons, and who they may suit.',
    subheadline: 'What Wellcare plans typically offer, where they stand out and what to check before you enroll.',
    intro: [
      'Wellcare is the Medicare brand of Centene Corporation, a large insurer best known for Medicaid plans. Wellcare sells Medicare Advantage plans and stand-alone Part D prescription drug plans in many states, with a strong focus on people with limited incomes and people who have both Medicare and Medicaid.',
    ],
    planTypes: ['HMO', 'PPO', 'D-SNP', 'C-SNP', 'PDP'],
    planTypesText:
      'Wellcare offers Medicare Advantage HMO and PPO plans, Dual Eligible Special Needs Plans (D-SNPs), Chronic Condition Special Needs Plans (C-SNPs) in some areas, and stand-alone Part D prescription drug plans.',
    extrasText:
      'Many Wellcare plans include dental, vision and hearing coverage, fitness benefits and transportation. Some plans load allowances onto a prepaid card, marketed as Spendables in many areas, that members can use for eligible over-the-counter items and, for those who qualify, groceries or utilities. Card amounts and eligible purchases vary by plan.',
    ratingsText:
      'Wellcare’s ratings vary considerably from contract to contract, so two Wellcare plans in neighbouring states can have quite different ratings.',
    pros: [
      'Low or $0 premium plans in many areas',
      'Experience with Medicaid makes D-SNPs a strength',
      'One allowance card can bundle several benefits',
      'Stand-alone drug plans for people who keep Original Medicare',
    ],
    cons: [
      'Many plans are HMOs with smaller local networks',
      'Star ratings vary widely between contracts',
      'Allowance rules and eligible items can be confusing',
      'Service experience can differ by region',
    ],
    suits:
      'Wellcare plans may suit budget-conscious members and people with both Medicare and Medicaid who are comfortable using a local network. Check that your doctors and pharmacy are in network and how the allowance card works in your plan.',
  }),

  'review-unitedhealthcare': carrierReview({
    carrier: 'UnitedHealthcare',
    description:
      'A balanced look at UnitedHealthcare and AARP Medicare Advantage plans: plan types, common extras, star ratings, pros and cons.',
    subheadline: 'What UnitedHealthcare plans typically offer, where they stand out and what to check before you enroll.',
    intro: [
      'UnitedHealthcare, part of UnitedHealth Group, is the largest Medicare Advantage insurer in the country. Many of its plans are sold as AARP Medicare Advantage from UnitedHealthcare: the plans are insured by UnitedHealthcare, which pays royalty fees to AARP for the use of its name.',
    ],
    planTypes: ['HMO', 'PPO', 'D-SNP', 'C-SNP', 'I-SNP'],
    planTypesText:
      'UnitedHealthcare offers Medicare Advantage HMO, HMO point-of-service and PPO plans; Dual Eligible Special Needs Plans (D-SNPs); Chronic Condition Special Needs Plans (C-SNPs) in many areas; and Institutional Special Needs Plans for people who live in a nursing home. It also sells stand-alone Part D plans and AARP-branded Medicare Supplement insurance.',
    extrasText:
      'Many plans include dental coverage with an annual maximum, routine vision with an eyewear allowance, hearing aids through a contracted provider, a fitness program, credits for over-the-counter items and rides to appointments. D-SNPs often include a credit that qualifying members can use for healthy food and utilities. Benefits vary by plan and county.',
    ratingsText:
      'UnitedHealthcare has many contracts, and their ratings differ from one to the next; a highly rated contract in one area says little about the plan offered in another.',
    pros: [
      'Broad national footprint and large provider networks',
      'Many plan types, including several kinds of Special Needs Plans',
      'Well-known dental, vision, hearing and fitness extras',
      'Online tools for finding doctors and checking drug coverage',
    ],
    cons: [
      'A large lineup can make plans hard to compare',
      'Networks and benefits differ widely by county',
      'Some plans and counties are reduced from one year to the next',
      'HMO plans require you to stay in network',
    ],
    suits:
      'UnitedHealthcare plans may suit people who want a widely available carrier with many plan choices, PPO members who travel within the U.S., and people with Medicare and Medicaid in areas with a D-SNP. Compare the specific plan’s costs, network and rating with other options.',
  }),

  review: {
    product: 'medicare',
    benefits: ['dental', 'vision', 'hearing', 'otc', 'prescription'],
    planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP', 'C-SNP'],
    image: 'review',
    copy: {
      english: {
        title: 'Medicare carrier reviews',
        description:
          'How to judge any Medicare Advantage carrier: networks, extra benefits, star ratings and total costs, with free help by phone.',
        headline: 'Medicare carrier reviews',
        subheadline: 'How to judge any Medicare Advantage insurer before you enroll, and what to ask before you choose a plan.',
        body: [
          'Many insurance companies offer Medicare Advantage plans, from national carriers to regional insurers and local health systems. A carrier can be a great fit in one county and a poor one in the next, because networks, benefits and costs are set plan by plan.',
          'We have not yet published a detailed review of this carrier. The questions below apply to any Medicare Advantage insurer and will help you compare its plans with others in your area.',
          'You generally need Medicare Part A and Part B and must live in a plan’s service area to enroll. {Helper} can tell you whether this carrier offers plans at your address and how they compare. The call is free and there is no obligation to enroll.',
        ],
        cta: 'Compare carriers near me',
        destination: '/go-4-benefits',
        sections: [
          {
            id: 'networks',
            heading: 'Doctors and hospitals',
            paragraphs: [
              'Check whether your doctors, specialists, hospitals and pharmacy are in the plan’s network, whether the plan is an HMO that needs referrals or a PPO that pays some costs outside the network, and whether the network covers the places you travel.',
            ],
          },
          {
            id: 'extras',
            heading: 'Extra benefits',
            paragraphs: [
              'Look at what the plan adds to Original Medicare: dental, vision and hearing coverage, an over-the-counter allowance, fitness, rides and, for members who qualify, help with food or utilities. Compare the limits, not just the list.',
            ],
          },
          { id: 'star-ratings', heading: 'Star ratings', paragraphs: [RATINGS_CONTEXT] },
          {
            id: 'costs',
            heading: 'Total costs',
            paragraphs: [
              'Add up the monthly premium, copays for the care you use most, your drug costs and the yearly out-of-pocket maximum. A low premium can come with higher costs when you need care.',
            ],
          },
          {
            id: 'questions',
            heading: 'Questions to ask',
            paragraphs: [],
            items: [
              'Are my doctors and pharmacy in the network?',
              'Are all my prescriptions on the plan’s drug list, and at what cost?',
              'What is the yearly out-of-pocket maximum?',
              'Which extra benefits are included, and what are their limits?',
              'What is the plan’s current star rating?',
            ],
          },
        ],
      },
    },
  },
};
