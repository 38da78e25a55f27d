/**
 * Which phone rule applies to a visit (spec §4 "Displayed phone number"): pure, so the
 * page payload, the CLI's `phone-rules test` and the tests decide it the same way. The leased
 * number still beats any rule (the browser lays a live lease over the payload's number).
 */

/** A rule as matching needs it. */
export interface MatchablePhoneRule {
  id: string;
  afid: string;
  /** 10 US digits. */
  number: string;
  /** Empty: every route. */
  routes: readonly string[];
  /** Inclusive YYYY-MM-DD, null: open. */
  startsOn: string | null;
  endsOn: string | null;
  /** ISO time of the last change: the newer of two equally specific rules wins. */
  updatedAt: string;
}

/** The visit a rule is matched against. */
export interface PhoneRuleVisit {
  /** The visit's afid; undefined: no rule applies. */
  afid: string | undefined;
  /** The route shown. */
  route: string;
  /** Today, YYYY-MM-DD in Los Angeles time ({@link phoneRuleDay}). */
  day: string;
}

/** The rule that applied, as the page payload carries it (the client builds event contexts from it). */
export interface AppliedPhoneRule {
  id: string;
  afid: string;
  number: string;
}

/** The zone the rules' calendar days are in: the call centre's, as for working hours. */
export const PHONE_RULE_TIME_ZONE = 'America/Los_Angeles';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: PHONE_RULE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day `now` falls on in Los Angeles, YYYY-MM-DD. */
export function phoneRuleDay(now: Date): string {
  return dayFormat.format(now);
}

/** True when `rule` is for this visit: its afid, one of its routes (or all), within its days. */
export function ruleApplies(rule: MatchablePhoneRule, visit: PhoneRuleVisit): boolean {
  if (visit.afid === undefined || rule.afid !== visit.afid) return false;
  if (rule.routes.length > 0 && !rule.routes.includes(visit.route)) return false;
  if (rule.startsOn !== null && visit.day < rule.startsOn) return false;
  return rule.endsOn === null || visit.day <= rule.endsOn;
}

/** How specific a rule is: limited to routes counts most, then limited in time. */
function specificity(rule: MatchablePhoneRule): number {
  return (rule.routes.length > 0 ? 2 : 0) + (rule.startsOn !== null || rule.endsOn !== null ? 1 : 0);
}

/**
 * The rule for this visit, or undefined (then the brand's default number shows). When several
 * apply, the most specific wins (a rule for some routes beats one for all; a dated rule beats an
 * open one, so a campaign week can override an affiliate's standing number), then the most
 * recently changed, then the smallest id, so the choice never depends on the store's row order.
 */
export function matchPhoneRule<R extends MatchablePhoneRule>(rules: readonly R[], visit: PhoneRuleVisit): R | undefined {
  let best: R | undefined;
  for (const rule of rules) {
    if (!ruleApplies(rule, visit)) continue;
    if (best === undefined || beats(rule, best)) best = rule;
  }
  return best;
}

function beats(rule: MatchablePhoneRule, other: MatchablePhoneRule): boolean {
  const bySpecificity = specificity(rule) - specificity(other);
  if (bySpecificity !== 0) return bySpecificity > 0;
  if (rule.updatedAt !== other.updatedAt) return rule.updatedAt > other.updatedAt;
  return rule.id < other.id;
}

/** The event context's phone rule (spec §3 "phone rule holding an afid"): the visit's afid and the rule that applied, if any. */
export interface EventPhoneRule {
  afid: string | null;
  ruleId: string | null;
  number: string | null;
}

/** The event context's phone rule from the payload's applied rule and the visit's kept afid. */
export function eventPhoneRule(applied: AppliedPhoneRule | undefined, visitAfid: string | undefined): EventPhoneRule {
  if (applied !== undefined) return { afid: applied.afid, ruleId: applied.id, number: applied.number };
  return { afid: visitAfid ?? null, ruleId: null, number: null };
}
