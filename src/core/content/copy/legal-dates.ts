/** When the legal texts last changed; shown at the top of both so visitors can tell which version applies. */
export const LEGAL_LAST_UPDATED = 'October 1, 2026';
