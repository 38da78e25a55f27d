/**
 * The IANA time zone of each US state, DC and the inhabited territories, by USPS code: the visitor's
 * zone when their IP lookup names a state. A state split across zones takes the zone where most of
 * its people live (Florida, Indiana, Kentucky, Michigan and Tennessee: Eastern; Kansas, Nebraska,
 * North and South Dakota, Texas: Central; Idaho: Mountain; Oregon: Pacific; Alaska: Alaska's).
 * Arizona keeps standard time all year: America/Phoenix, not America/Denver.
 */
import { DEFAULT_VISITOR_TIME_ZONE } from './default-zone.ts';

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

/** USPS code to IANA zone. */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: CENTRAL, AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: CENTRAL, CA: PACIFIC, CO: MOUNTAIN, CT: EASTERN, DE: EASTERN,
  DC: EASTERN, FL: EASTERN, GA: EASTERN, HI: 'Pacific/Honolulu', ID: MOUNTAIN, IL: CENTRAL, IN: EASTERN, IA: CENTRAL, KS: CENTRAL,
  KY: EASTERN, LA: CENTRAL, ME: EASTERN, MD: EASTERN, MA: EASTERN, MI: EASTERN, MN: CENTRAL, MS: CENTRAL, MO: CENTRAL, MT: MOUNTAIN,
  NE: CENTRAL, NV: PACIFIC, NH: EASTERN, NJ: EASTERN, NM: MOUNTAIN, NY: EASTERN, NC: EASTERN, ND: CENTRAL, OH: EASTERN, OK: CENTRAL,
  OR: PACIFIC, PA: EASTERN, RI: EASTERN, SC: EASTERN, SD: CENTRAL, TN: EASTERN, TX: CENTRAL, UT: MOUNTAIN, VT: EASTERN, VA: EASTERN,
  WA: PACIFIC, WV: EASTERN, WI: CENTRAL, WY: MOUNTAIN,
  PR: 'America/Puerto_Rico', VI: 'America/St_Thomas', GU: 'Pacific/Guam', MP: 'Pacific/Saipan', AS: 'Pacific/Pago_Pago',
};

/**
 * The zone of the state `stateCode` (the IP lookup's), or {@link DEFAULT_VISITOR_TIME_ZONE} when it
 * is unknown or not a US state.
 *
 * @example
 * visitorTimeZone('CA'); // 'America/Los_Angeles'
 * visitorTimeZone(null); // 'America/New_York'
 */
export function visitorTimeZone(stateCode: string | null | undefined): string {
  return (stateCode && STATE_TIME_ZONES[stateCode.toUpperCase()]) || DEFAULT_VISITOR_TIME_ZONE;
}
