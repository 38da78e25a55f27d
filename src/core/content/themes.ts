/** Content themes: each names one family of copy (landing text, funnel framing) in every language. */
export const THEMES = [
  'home', 'otc', 'grocery', 'dental', 'dental-vision', 'buyback', 'giveback', 'csnp', 'dsnp', 'premium',
  'benefits', 'social-security', 'plans', 'carriers', 'life', 'health', 'auto', 'ads', 'chat',
  'tos', 'privacy', 'review', 'control-center', 'playground', 'test',
] as const;

/** One content theme. */
export type Theme = (typeof THEMES)[number];
