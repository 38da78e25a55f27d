/**
 * What a page shared by many brands shows one brand: route copy is per route, not per brand, so
 * brand facts, product-specific copy and per-brand links are resolved here, at render time, by
 * pure functions the templates and the tests share.
 */
import type { Brand } from '../../../brands/types.ts';
import { phoneForms } from '../marketplace/phone.ts';
import type { PageConfig, PageLink } from '../pages/types.ts';
import { tpmoStatement } from './disclaimers.ts';
import { helperTokens } from './who-helps.ts';

/** The brand facts copy may name, as `{token}`s. */
export type BrandFacts = Pick<Brand, 'id' | 'name' | 'owner' | 'address' | 'state' | 'url' | 'phone' | 'isAgency'>;

/** The host of the brand's public URL without a leading www: 'americancoverage.com'. */
function siteHost(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/**
 * Fills the brand tokens of a copy string: {brandName}, {owner}, {address}, {website}, {phone} (grouped), {privacyEmail}; who helps a caller, {helper} and {Helper}, and
 * their Spanish twins {helperEs} and {HelperEs} (who-helps.ts); the Medicare TPMO statement, {tpmo}
 * and {tpmoEs} (disclaimers.ts). Text without a token is returned as it is. Unknown tokens are
 * left as they are, so a typo shows on the page and in tests instead of vanishing. The state's
 * name, {stateName}, is filled by the payload loader (state-name.ts), so browsers never load the list of states.
 */
export function fillBrandFacts(text: string, brand: BrandFacts): string {
  if (!text.includes('{')) return text;
  const host = siteHost(brand.url);
  const facts: Record<string, string> = {
    brandName: brand.name,
    owner: brand.owner,
    address: brand.address,
    website: host,
    phone: phoneForms(brand.phone).grouped,
    privacyEmail: `privacy@${host}`,
    ...helperTokens(brand),
    tpmo: tpmoStatement(brand, 'english'),
    tpmoEs: tpmoStatement(brand, 'spanish'),
  };
  return text.replace(/\{(\w+)\}/g, (token, name: string) => facts[name] ?? token);
}

/** The page as a brand of `defaultProduct` sees it: the product's copy, when the page has some, replaces its own. */
export function copyForBrand(page: PageConfig, brand: Pick<Brand, 'defaultProduct'>): PageConfig {
  const variant = page.byProduct?.[brand.defaultProduct];
  return variant ? { ...page, ...variant } : page;
}

/**
 * The links a brand's page lists: only those whose path the brand's site serves (per
 * PageConfig.linkBrands), the brand's own product first, otherwise in page order.
 */
export function linksForBrand(page: PageConfig, brand: Pick<Brand, 'id' | 'defaultProduct'>): PageLink[] {
  const served = (page.links ?? []).filter((link) => page.linkBrands?.[link.href]?.includes(brand.id) ?? false);
  const own = served.filter((link) => link.product === brand.defaultProduct);
  return [...own, ...served.filter((link) => link.product !== brand.defaultProduct)];
}

/** Where the page's call to action leads for a brand: its destination, or the brand's phone. */
export function ctaHref(page: PageConfig, brand: Pick<Brand, 'phone'>): string | undefined {
  if (page.ctaCall) return phoneForms(brand.phone).tel;
  return page.destination;
}

/** The headline of the catch-all carrier review: 'mutual-of-omaha' -> 'Mutual Of Omaha Medicare plans review'. */
export function reviewHeadline(slug: string): string {
  const carrier = slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return `${carrier} Medicare plans review`;
}
