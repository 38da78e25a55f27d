/*
 * The licensed agency behind every agency brand. The spec says one licence number (npn) is
 * shared by several agency brands: they are trading names of this one agency, so its owner,
 * address and state of incorporation are shared too.
 */

/** National Producer Number of the agency, shared by every brand with `isAgency: true`. */
export const AGENCY_NPN = '19843276';

/** Legal entity that owns every agency brand. */
export const AGENCY_OWNER = 'Cobrand Insurance Agency LLC';

/** Postal address of {@link AGENCY_OWNER}, one line. */
export const AGENCY_ADDRESS = '2200 Ross Avenue, Suite 4100, Dallas, TX 75201';

/** State of incorporation of {@link AGENCY_OWNER}. */
export const AGENCY_STATE = 'DE';
