/** The zone for a visitor whose state is unknown: most Americans live in it. Its own module: every page's first load reads it. */
export const DEFAULT_VISITOR_TIME_ZONE = 'America/New_York';
