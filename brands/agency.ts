/**
 * The licensed agency behind every agency brand. The spec says one licence number (npn) is
 * shared by several agency brands: they are trading names of this one agency, so its owner,
 * address and state of incorporation are shared too.
 */
export const AGENCY_NPN = '19843276';
export const AGENCY_OWNER = 'Cobrand Insurance Agency LLC';
export const AGENCY_ADDRESS = '2200 Ross Avenue, Suite 4100, Dallas, TX 75201';
export const AGENCY_STATE = 'DE';
