import { brand as ac } from './ac.ts';
import { brand as ayb } from './ayb.ts';
import { brand as bh } from './bh.ts';
import { brand as bridge } from './bridge.ts';
import { brand as ccc } from './ccc.ts';
import { brand as emily } from './emily.ts';
import { brand as gs } from './gs.ts';
import { createHostLookup } from './host-lookup.ts';
import { brand as m10 } from './m10.ts';
import { brand as mpa } from './mpa.ts';
import { brand as ps } from './ps.ts';
import { brand as qs } from './qs.ts';
import { assertBrandsMatchIds } from './registry-check.ts';
import { brand as sd } from './sd.ts';
import { brand as tqg } from './tqg.ts';
import type { Brand } from './types.ts';
import { brand as wc } from './wc.ts';

/** Every brand, in BRAND_IDS order (checked when this module loads). */
export const BRANDS: readonly Brand[] = [ac, emily, mpa, m10, bh, ccc, gs, tqg, ps, qs, ayb, wc, bridge, sd];

assertBrandsMatchIds(BRANDS);

const byId = new Map<string, Brand>(BRANDS.map((brand) => [brand.id, brand]));
const lookupHost = createHostLookup(BRANDS);

/** The brand with this id, or undefined for an unknown id. */
export function brandById(id: string): Brand | undefined {
  return byId.get(id);
}

/**
 * The brand serving a `Host` header value (port, letter case and a trailing dot are ignored):
 * exact domain first, then wildcard domain, then `{id}.localhost`; undefined when no brand claims it.
 */
export function brandForHost(host: string): Brand | undefined {
  return lookupHost(host);
}
