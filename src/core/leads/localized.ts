/** The languages lead labels and problem messages come in. */
export const LEAD_LANGUAGES = ['en', 'es'] as const;

/** A language of lead labels and messages: English or Spanish (the funnels' -es variants). */
export type LeadLanguage = (typeof LEAD_LANGUAGES)[number];

/** One text in every {@link LeadLanguage}. */
export type LocalizedText = Readonly<Record<LeadLanguage, string>>;
