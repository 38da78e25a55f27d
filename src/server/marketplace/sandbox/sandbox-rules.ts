/**
 * The sandbox marketplace's documented rules: which bid a ZIP gets, which ZIPs and header values
 * switch on a failure mode, and the credentials it expects. Tests and demos pick inputs from
 * these to get a low bid, a high bid or a given failure.
 */
import type { ProductLine } from '../../../core/marketplace/product-line.ts';

/** The token the sandbox accepts by default, as `Authorization: Bearer sandbox-token`. */
export const SANDBOX_API_TOKEN = 'sandbox-token';

/**
 * Placement ids the server sends to a sandbox when none are configured, one per product line (the
 * sandbox accepts any, and answers a get-phone with its line's numbers when it knows the id).
 */
export const SANDBOX_PLACEMENT_IDS = {
  medicare: 'sandbox-medicare',
  auto: 'sandbox-auto',
  life: 'sandbox-life',
  health: 'sandbox-health',
} as const satisfies Record<ProductLine, string>;

/** The product line of a sandbox placement id; undefined for any other id. */
export function sandboxPlacementLine(placementId: unknown): ProductLine | undefined {
  return (Object.keys(SANDBOX_PLACEMENT_IDS) as ProductLine[]).find((line) => SANDBOX_PLACEMENT_IDS[line] === placementId);
}

/** The sandbox's endpoints, relative to its base URL. */
export const SANDBOX_PATHS = {
  demandCheck: '/demand-check',
  getPhone: '/get-phone',
  /** GET with `?zip=&product=&max=` or POST with the same keys as JSON. */
  ads: '/ads',
  /** The second lead buyer; needs no token, as cobrand sends it none. */
  leadBuyer: '/lead-buyer/quote',
} as const;

/** The bid for a ZIP starting with 0, and for a missing or malformed ZIP: below the low-bid threshold of 10. */
export const SANDBOX_LOW_BID = 4.5;

/** The bid every other ZIP starts from; its last two digits add tenths: 90210 bids 25 + 10/10 = 26. */
export const SANDBOX_BASE_BID = 25;

/**
 * The demand-check bid (`ctc.ev`) for a ZIP: {@link SANDBOX_LOW_BID} for a ZIP starting with 0
 * (or no 5-digit ZIP), else {@link SANDBOX_BASE_BID} + (last two digits) / 10, so from 25 to 34.9,
 * always a high bid.
 */
export function sandboxBid(zip: string | undefined): number {
  if (zip === undefined || !/^\d{5}$/.test(zip) || zip.startsWith('0')) return SANDBOX_LOW_BID;
  // Computed in tenths, then divided once, so 25 + 0.3 is 25.3 and not 25.299999999999997.
  return (SANDBOX_BASE_BID * 10 + Number(zip.slice(-2))) / 10;
}

/** How the sandbox answers a request. */
export const SANDBOX_MODES = ['ok', 'slow', '500', 'invalid-json', 'hang'] as const;

/** A sandbox answer mode: ok, or one failure to simulate. */
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** How long a `slow` answer waits before answering normally. */
export const SANDBOX_SLOW_MS = 5000;

/**
 * ZIPs that switch on a failure mode wherever the request carries a ZIP (`data.zip`, `zip`, or
 * `?zip=`). None is a real US ZIP (the lowest in use is 00501), so no real visitor hits them:
 * slow answers after {@link SANDBOX_SLOW_MS}; 500 answers HTTP 500; invalid-json answers 200
 * with a truncated body; hang sends the headers and half a body, then nothing, ever.
 */
export const SANDBOX_MODE_ZIPS: Readonly<Record<string, Exclude<SandboxMode, 'ok'>>> = {
  '00001': 'slow',
  '00002': '500',
  '00003': 'invalid-json',
  '00004': 'hang',
};

/** The request header that picks a mode directly (`x-sandbox-mode: slow`), beating the ZIP. */
export const SANDBOX_MODE_HEADER = 'x-sandbox-mode';

/** The mode for a request: the header when it names a mode, else the ZIP's, else ok. */
export function sandboxMode(header: string | undefined, zip: string | undefined): SandboxMode {
  const fromHeader = SANDBOX_MODES.find((mode) => mode === header);
  if (fromHeader) return fromHeader;
  return (zip !== undefined ? SANDBOX_MODE_ZIPS[zip] : undefined) ?? 'ok';
}

/**
 * The toll-free area code of each line's leased numbers: a life or health lease reads apart from a
 * Medicare one at a glance (and in a test).
 */
export const SANDBOX_PHONE_AREA_CODES: Readonly<Record<ProductLine, string>> = { medicare: '800', auto: '800', life: '877', health: '866' };

/**
 * The number a get-phone lease hands out: {area}-555-01NN with NN the ZIP's last two digits (99
 * without a ZIP), the area code the line's ({@link SANDBOX_PHONE_AREA_CODES}; 800 for an unknown
 * line). 555-0100 to 0199 is the range reserved for fiction, so no real line is ever shown.
 */
export function sandboxPhoneNumber(zip: string | undefined, line: ProductLine = 'medicare'): string {
  const area = SANDBOX_PHONE_AREA_CODES[line];
  return zip !== undefined && /^\d{5}$/.test(zip) ? `${area}55501${zip.slice(-2)}` : `${area}5550199`;
}
