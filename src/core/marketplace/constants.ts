/** Ad-marketplace protocol constants (spec §7 demand-check and get-phone, §9), with the spec's values. */
import type { Gender } from '../leads/enums.ts';

/** Provider protocol version sent as `version` (spec §9: 17). */
export const MARKETPLACE_VERSION = 17;

/** Most results a demand check asks for, sent as `max` (spec §9: 1). */
export const MAX_RESULTS = 1;

/** The demand check's `call_type` (spec §7). */
export const CALL_TYPE = 'Inbound';

/** The demand check's `transfer_type` (spec §7). */
export const TRANSFER_TYPE = 'cold';

/** How long a leased phone number is held, sent as `phone_num_lease_time` (spec §9: 300, likely seconds). */
export const PHONE_LEASE_TIME = 300;

/** A bid that is a number below this is a low bid (spec §4 "Demand check", §9: 10). */
export const LOW_BID_THRESHOLD = 10;

/** Length of the `source` list (spec §7: 7). */
export const SOURCE_LENGTH = 7;

/** What fills `source` where there is no affiliate id: the text null, not JSON null (spec §7). */
export const SOURCE_PLACEHOLDER = 'null';

/** The `zip` sent in a mapped lead without a zipcode: the text auto (spec §7). */
export const ZIP_WHEN_MISSING = 'auto';

/** The marketplace's gender codes (spec §7: M, F or X). */
export const MARKETPLACE_GENDER_CODES = { male: 'M', female: 'F', 'non-binary': 'X' } as const satisfies Record<Gender, string>;

/**
 * The ad-list request's field carrying the page's language, `en` or `es`. The provider's protocol
 * (spec §7) has no language field in any call, so the language travels as a sub id, a free
 * tracking value the provider keeps and reports on: `sub_1` is the affiliate's, and the ad list
 * passes no affiliate sub ids of its own, so `sub_2` is free there. The sandbox answers Spanish ads
 * for `es`; the live provider picks Spanish creatives only where its placement is set up for them.
 */
export const AD_LANGUAGE_FIELD = 'sub_2';
