/** Medicare Advantage carriers with their own review page (brand ac, spec §2 "Review pages"). */
export const REVIEWED_CARRIERS = ['aetna', 'cigna', 'humana', 'wellcare', 'unitedhealthcare'] as const;

/**
 * Content themes: each names one family of copy (landing text, funnel framing) in every language
 * its routes use. A reviewed carrier is a theme of its own ('review-aetna'); plain 'review' is the
 * catch-all review of any other carrier.
 */
export const THEMES = [
  'home', 'otc', 'grocery', 'dental', 'dental-vision', 'buyback', 'giveback', 'csnp', 'dsnp', 'premium',
  'benefits', 'social-security', 'plans', 'carriers', 'life', 'health', 'auto', 'ads', 'chat',
  'tos', 'privacy', 'review', 'control-center', 'playground', 'test',
  'privacy-choices',
  ...REVIEWED_CARRIERS.map((carrier) => `review-${carrier}` as const),
] as const;

/** One content theme. */
export type Theme = (typeof THEMES)[number];
