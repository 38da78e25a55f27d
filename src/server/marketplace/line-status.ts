/**
 * What the start banner says about revenue, product line by product line: whether each line's
 * demand check, phone lease, ads and lead buyer are live (a configured upstream), sandbox (the
 * in-process sandbox stands in) or off, and why an off one is off. Nothing in the set-up can switch
 * a line's revenue off without this saying so.
 */
import { PRODUCT_LINES, type ProductLine } from '../../core/marketplace/product-line.ts';
import { BUYER_VARIABLES } from '../leads/lead-buyers.ts';
import { PLACEMENT_VARIABLES } from './server-fields.ts';

/** How one call of one line runs. */
export type CallStatus = { state: 'live' | 'sandbox' } | { state: 'off'; why: string };

/** The calls and the buyer of one product line. */
export interface LineStatus {
  demandCheck: CallStatus;
  phoneLease: CallStatus;
  ads: CallStatus;
  buyer: CallStatus;
}

/** The URL variable of each call. */
const CALL_URL_VARIABLES = {
  demandCheck: 'MEDIAALPHA_DEMAND_CHECK_URL',
  phoneLease: 'MEDIAALPHA_GET_PHONE_URL',
  ads: 'MEDIAALPHA_ADS_URL',
} as const;

type BuyerUrlVariable = (typeof BUYER_VARIABLES)[keyof typeof BUYER_VARIABLES]['url'];

type StatusVariable = (typeof CALL_URL_VARIABLES)[keyof typeof CALL_URL_VARIABLES] | BuyerUrlVariable | (typeof PLACEMENT_VARIABLES)[ProductLine];

/** The variables the status reads: a validated environment or a raw one (where '' counts as unset). */
export type StatusVariables = { readonly [K in StatusVariable]?: string | undefined };

/**
 * Every line's status under `vars`, `standIns` being the URL variables the in-process sandbox
 * answers for. The demand check and the phone lease need the line's placement id as well (pages
 * make neither call without one); the ads do not (the server sends the placement it has).
 *
 * @example
 * lineStatuses({ MEDIAALPHA_ADS_URL: 'https://ads.example' }, []).life.ads; // { state: 'live' }
 */
export function lineStatuses(vars: StatusVariables, standIns: readonly string[]): Record<ProductLine, LineStatus> {
  const upstream = (name: StatusVariable): CallStatus => {
    if (!vars[name]) return { state: 'off', why: `${name} not set` };
    return { state: standIns.includes(name) ? 'sandbox' : 'live' };
  };
  const placed = (line: ProductLine, status: CallStatus): CallStatus =>
    status.state !== 'off' && !vars[PLACEMENT_VARIABLES[line]] ? { state: 'off', why: `${PLACEMENT_VARIABLES[line]} not set` } : status;
  const buyer = (line: ProductLine): CallStatus => {
    const status = upstream(BUYER_VARIABLES[line].url);
    // Auto leads wait in the outbox for their buyer; a life or health lead without one is
    // call-routed, and so is a Medicare call-back (Medicare's buyer takes call-backs only).
    if (status.state !== 'off' || line === 'auto') return status;
    return { state: 'off', why: `${status.why}: ${line === 'medicare' ? 'call-backs' : 'leads'} stay call-routed` };
  };
  return Object.fromEntries(
    PRODUCT_LINES.map((line) => [
      line,
      {
        demandCheck: placed(line, upstream(CALL_URL_VARIABLES.demandCheck)),
        phoneLease: placed(line, upstream(CALL_URL_VARIABLES.phoneLease)),
        ads: upstream(CALL_URL_VARIABLES.ads),
        buyer: buyer(line),
      } satisfies LineStatus,
    ]),
  ) as Record<ProductLine, LineStatus>;
}

const CALL_LABELS: Readonly<Record<keyof LineStatus, string>> = { demandCheck: 'demand check', phoneLease: 'phone lease', ads: 'ads', buyer: 'buyer' };

function describe(status: CallStatus): string {
  return status.state === 'off' ? `off (${status.why})` : status.state;
}

/**
 * The banner's lines: a heading, then one line per product line, e.g.
 * `  life      demand check sandbox, phone lease sandbox, ads sandbox, buyer off (no buyer for this line: leads stay call-routed)`.
 */
export function lineStatusLines(vars: StatusVariables, standIns: readonly string[]): string[] {
  const statuses = lineStatuses(vars, standIns);
  return [
    'Product lines (live: a configured upstream; sandbox: the in-process sandbox; off: not made):',
    ...PRODUCT_LINES.map((line) => {
      const status = statuses[line];
      const calls = (Object.keys(CALL_LABELS) as (keyof LineStatus)[]).map((call) => `${CALL_LABELS[call]} ${describe(status[call])}`);
      return `  ${line.padEnd(9)} ${calls.join(', ')}`;
    }),
  ];
}
