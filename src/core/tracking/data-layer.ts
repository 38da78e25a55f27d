/**
 * The flat entry pushed to the tag manager's data layer for every tracked event (spec §7
 * "Other traffic"). Tag-manager variables read top-level keys, so nothing here is nested.
 */
import { isPersonalField } from '../leads/personal.ts';
import { TRACKED_URL_PARAMS } from '../url-params.ts';
import { EVENT_CONTEXT_KEYS, type AnyTrackBody } from './context.ts';
import { pageTitleForDataLayer, pageViewName } from './page-view.ts';

/** A data-layer value: scalars only. */
export type DataLayerValue = string | number | boolean | null;

/** One data-layer entry: a flat object of scalars. */
export type DataLayerEntry = Record<string, DataLayerValue>;

const contextKeys: ReadonlySet<string> = new Set(EVENT_CONTEXT_KEYS);

/**
 * Flattens a track body into a data-layer entry: event and ids, website (brand name) and brand
 * id, paid flag, ad and analytics ids (fbp, ga, gaSession), the phone rule (phoneRuleAfid, phoneRuleId, phoneRuleNumber: the business's number, not the visitor's), every tracked URL parameter under its
 * own name, page fields, the IP lookup as ipCity, ipState, ipPostalCode and ipIsp, and the event's
 * scalar props; page views add pageName and pageTitle. Absent values are null so
 * every entry of an event has the same keys. Nested event props (form data, ad lists, raw
 * marketplace responses) are left out: they are not flat and form data holds personal details
 * that must not reach third-party tags. For the same reason the visitor's IP address and any
 * prop named like a personal field (email, phone, names, address, date of birth) never go in.
 */
export function toDataLayerEntry(body: AnyTrackBody): DataLayerEntry {
  const p = body.properties;
  const entry: DataLayerEntry = {};
  // Event props first, so a context field always wins a name clash.
  for (const [key, value] of Object.entries(p)) {
    if (!contextKeys.has(key) && !isPersonalField(key) && isScalar(value)) entry[key] = value;
  }
  Object.assign(entry, {
    event: body.event,
    eventId: p.eventId,
    timestamp: body.timestamp,
    website: p.brand.name,
    brandId: p.brand.id,
    sessionId: body.sessionId,
    anonymousId: body.anonymousId,
    paid: p.paid,
    fbp: p.cookies.fbp ?? null,
    ga: p.cookies.ga ?? null,
    gaSession: p.cookies.gaSession ?? null,
    phoneRuleAfid: p.phoneRule.afid,
    phoneRuleId: p.phoneRule.ruleId,
    phoneRuleNumber: p.phoneRule.number,
    pageUrl: p.url.full,
    pagePath: p.url.path,
    pageQuery: p.url.query,
    referrer: p.url.referrer,
    smid: p.page.smid,
    xsmid: p.page.xsmid,
    product: p.page.product,
    language: p.page.language,
    template: p.page.template,
    bot: p.bot,
    ipCity: p.ipLookup?.city ?? null,
    ipState: p.ipLookup?.stateCode ?? null,
    ipPostalCode: p.ipLookup?.postalCode ?? null,
    ipIsp: p.ipLookup?.isp ?? null,
  } satisfies DataLayerEntry);
  for (const name of TRACKED_URL_PARAMS) entry[name] = p.urlParams[name] ?? null;
  if (body.event === 'pageView') {
    entry.pageName = pageViewName(p.page.name, p.page.template, body.properties.stepName);
    entry.pageTitle = pageTitleForDataLayer(p.page.title, p.brand.name);
  }
  return entry;
}

function isScalar(value: unknown): value is DataLayerValue {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
