/** The brand registry: every brand's facts, and the host -> brand lookup run on every request. */
import { brand as ac } from './ac.ts';
import { brand as ayb } from './ayb.ts';
import { brand as bh } from './bh.ts';
import { brand as bridge } from './bridge.ts';
import { brand as ccc } from './ccc.ts';
import { brand as emily } from './emily.ts';
import { brand as gs } from './gs.ts';
import { BRAND_IDS } from './ids.ts';
import { brand as m10 } from './m10.ts';
import { brand as mpa } from './mpa.ts';
import { brand as ps } from './ps.ts';
import { brand as qs } from './qs.ts';
import { brand as sd } from './sd.ts';
import { brand as tqg } from './tqg.ts';
import type { Brand } from './types.ts';
import { brand as wc } from './wc.ts';

const BY_ID: Record<string, Brand> = { ac, emily, mpa, m10, bh, ccc, gs, tqg, ps, qs, ayb, wc, bridge, sd };

/** Every brand, in the spec's order of brand ids. */
export const BRANDS: readonly Brand[] = BRAND_IDS.map((id) => {
  const brand = BY_ID[id];
  if (!brand || brand.id !== id) throw new Error(`brand registry: missing or mislabelled brand '${id}'`);
  return brand;
});

const exactHosts = new Map<string, Brand>();
const wildcardBases = new Map<string, Brand>();
for (const brand of BRANDS) {
  for (const domain of brand.domains) {
    const wildcard = domain.startsWith('*.');
    const key = wildcard ? domain.slice(2) : domain;
    const table = wildcard ? wildcardBases : exactHosts;
    const owner = table.get(key);
    if (owner && owner !== brand) throw new Error(`brand registry: host '${domain}' is claimed by both ${owner.id} and ${brand.id}`);
    table.set(key, brand);
  }
}

/** The brand with this id, or undefined. */
export function brandById(id: string): Brand | undefined {
  return BY_ID[id];
}

/**
 * The brand serving a Host header value: exact domain first, then the nearest wildcard domain
 * (`*.example.com` covers any depth of subdomain but not example.com itself), then the local
 * host `{id}.localhost` (listed among each brand's domains). Port, case and a trailing dot are
 * ignored.
 */
export function brandForHost(host: string): Brand | undefined {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  if (!name) return undefined;
  const exact = exactHosts.get(name);
  if (exact) return exact;
  for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
    const wildcard = wildcardBases.get(name.slice(dot + 1));
    if (wildcard) return wildcard;
  }
  return undefined;
}
