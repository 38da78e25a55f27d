/**
 * Where a click-to-call happened, sent as the call event's `ctcLocation` (spec §3 call events):
 * one name per place a phone number is shown, so reports can tell which placement makes visitors
 * call. A page's call-to-action button reports its own block id instead ('hero-cta', …).
 */
export const CTC_LOCATIONS = {
  /** The site header, on every page. */
  header: 'header',
  /** A funnel's end screen (call, auto result or ads step). */
  callStep: 'call-step',
  /** The "or call" button of a content page's closing block. */
  closingCall: 'closing-call',
} as const;
