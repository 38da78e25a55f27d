/**
 * The visitor's time zone as the call-back form shows times in it: the one the end screen passes
 * (from the IP lookup's state) when this runtime knows it, else Eastern. Apart from the labels (callback-labels.ts), so the end screen
 * reads it without loading the form's words into the funnel page's first load.
 */
import { DEFAULT_VISITOR_TIME_ZONE } from '../hours/default-zone.ts';

/** True when `zone` is an IANA time zone this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `zone` when the runtime knows it, else {@link DEFAULT_VISITOR_TIME_ZONE}.
 * @example
 * visitorTimeZone('America/Chicago'); // 'America/Chicago'
 * visitorTimeZone('Mars/Olympus'); // 'America/New_York'
 */
export function visitorTimeZone(zone: string | undefined): string {
  return zone !== undefined && zone !== '' && isKnownTimeZone(zone) ? zone : DEFAULT_VISITOR_TIME_ZONE;
}
