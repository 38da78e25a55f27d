import type { Brand } from './types.ts';

/** Finds the brand serving a request's `Host` header value, or undefined when no brand claims it. */
export type HostLookup = (host: string) => Brand | undefined;

const WILDCARD_PREFIX = '*.';
const LOCAL_SUFFIX = '.localhost';
// Lower-case DNS labels, optionally under one leading `*.`; at least two labels so `*.com` is refused.
const DOMAIN_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/**
 * Builds the host -> brand lookup once (it runs on every request, so each call is a few map reads).
 * Order: exact domain, then wildcard domain (`*.example.com` matches any depth of subdomain of
 * example.com but not example.com itself; the nearest parent wins), then the local host `{id}.localhost`.
 *
 * @throws Error when a domain is malformed, a `.localhost` domain is not the brand's own
 *   `{id}.localhost`, or two brands (or one brand twice) claim the same domain.
 */
export function createHostLookup(brands: readonly Brand[]): HostLookup {
  const exact = new Map<string, Brand>();
  const wildcard = new Map<string, Brand>();
  const local = new Map<string, Brand>();
  const claimedBy = new Map<string, Brand>();

  for (const brand of brands) {
    for (const domain of brand.domains) {
      if (!DOMAIN_PATTERN.test(domain)) {
        throw new Error(`Brand ${brand.id}: domain "${domain}" is not a lower-case host name or *.host name`);
      }
      const owner = claimedBy.get(domain);
      if (owner) {
        throw new Error(
          owner === brand
            ? `Brand ${brand.id}: domain "${domain}" is listed twice`
            : `Domain "${domain}" is claimed by two brands: ${owner.id} and ${brand.id}`,
        );
      }
      claimedBy.set(domain, brand);

      if (domain.startsWith(WILDCARD_PREFIX)) {
        wildcard.set(domain.slice(WILDCARD_PREFIX.length), brand);
      } else if (domain.endsWith(LOCAL_SUFFIX)) {
        // Local hosts are how developers pick a brand; any other name would surprise them.
        if (domain !== `${brand.id}${LOCAL_SUFFIX}`) {
          throw new Error(`Brand ${brand.id}: local host must be "${brand.id}${LOCAL_SUFFIX}", got "${domain}"`);
        }
        local.set(domain, brand);
      } else {
        exact.set(domain, brand);
      }
    }
  }

  return (host) => {
    const name = normalizeHost(host);
    const exactBrand = exact.get(name);
    if (exactBrand) return exactBrand;
    // Walk up the parents of `name` (never `name` itself), nearest first.
    for (let dot = name.indexOf('.'); dot !== -1; dot = name.indexOf('.', dot + 1)) {
      const wildcardBrand = wildcard.get(name.slice(dot + 1));
      if (wildcardBrand) return wildcardBrand;
    }
    return local.get(name);
  };
}

/** Host header value -> bare host name: trimmed, lower-cased, without port or trailing root dot. */
function normalizeHost(host: string): string {
  // Only a trailing `:digits` is a port, so a bracketed IPv6 literal like `[::1]` stays whole.
  const name = host.trim().toLowerCase().replace(/:\d*$/, '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
