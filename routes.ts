/**
 * The route table: every route of every brand (spec §2), typed data shared by the server, the
 * build (manifest) and the CLI. Which brands list which route, and the campaign codes, are hidden
 * by the spec; the assignment below is ours: every brand sells its own product (Brand.defaultProduct),
 * so medicare pages on medicare brands, auto on tqg and ps, life on wc, health on bh;
 * the general-coverage brands in {@link CROSS_SELL} also run the life and health funnels;
 * Spanish `-es` twins on the brands with Spanish pages ({@link SPANISH}) that run the English
 * route, and the Spanish auto quiz on the auto brands (no Spanish-page brand sells auto);
 * /playground on m10 only, reviews on ac only, the control center on ccc only.
 *
 * Left out on purpose: the spec's stepped-funnel list prints four routes only as
 * `{token}{step}` (their paths were lost), so they cannot be served and are not listed here.
 */
import { BRAND_IDS, type BrandId } from './brands/ids.ts';
import { brandById } from './brands/index.ts';
import type { Product } from './brands/types.ts';
import { THEME_CONTENT } from './src/core/content/catalog.ts';
import { PASSWORD_CHANGE_PARAM, SIGN_IN_FAILED_PARAM, SIGN_IN_NEXT_PARAM, SIGN_IN_STEP_PARAM } from './src/core/router/control-center-route.ts';
import { pageConfig, type Theme } from './src/core/content/index.ts';
import { REVIEWED_CARRIERS } from './src/core/content/themes.ts';
import { isArticleSlug, REVIEW_ARTICLE_BRAND } from './src/core/control-center/article-fields.ts';
import type { Language, PageConfig, Template } from './src/core/pages/types.ts';
import type { CampaignCodes, RouteDefinition, RouteRule } from './src/core/router/route.ts';
import { href, ROUTE_PATTERNS, type RouteName, type RoutePattern } from './src/core/router/route-patterns.ts';

export type { RouteDefinition, RouteRule } from './src/core/router/route.ts';
/**
 * `href(name, params)` and the route names, from the names-and-patterns table this table is built
 * from (src/core/router/route-patterns.ts), re-exported for server code, the CLI and tests.
 */
export { href, type RouteName } from './src/core/router/route-patterns.ts';

/**
 * The products a site brand sells besides its own (Brand.defaultProduct). Every other brand sells
 * its own product only. American Coverage and All Your Benefits are general-coverage
 * brands, by name and by the home page that lists every offer they carry, so next to Medicare
 * they also run the life and health funnels.
 */
export const CROSS_SELL: Readonly<Partial<Record<BrandId, readonly Product[]>>> = {
  ac: ['life', 'health'],
  ayb: ['life', 'health'],
};

// Brand groups. Plain lists of ids: the route table is where brand membership is data.
const SITES = BRAND_IDS.filter((id) => id !== 'ccc');

/** The site brands selling `product`: their own product, or one they cross-sell (registry order). */
function sellers(product: Product): BrandId[] {
  return SITES.filter((id) => brandById(id)?.defaultProduct === product || (CROSS_SELL[id]?.includes(product) ?? false));
}

const AUTO = sellers('auto');
const MEDICARE = sellers('medicare');
const LIFE = sellers('life');
const HEALTH = sellers('health');
// The Medicare offers: each a hand-picked set of Medicare brands (a test checks they sell Medicare).
const OTC: BrandId[] = ['ac', 'emily', 'mpa', 'm10', 'gs', 'qs', 'bridge', 'sd'];
const GROCERY: BrandId[] = ['ac', 'emily', 'm10', 'gs', 'qs', 'bridge', 'sd'];
const DENTAL: BrandId[] = ['ac', 'emily', 'mpa', 'sd'];
const GIVEBACK: BrandId[] = ['ac', 'mpa', 'gs', 'bridge'];
const SNP: BrandId[] = ['ac', 'emily', 'm10', 'qs', 'bridge'];
const SPANISH: BrandId[] = ['ac', 'emily', 'mpa', 'qs', 'sd'];
const CONTROL_CENTER: BrandId[] = ['ccc'];

/**
 * Deterministic campaign codes per listed brand, e.g. smid 'AC-OTC7K2'. Real codes come from the
 * media buyers; these stand in with the same shape (brand prefix + route code).
 */
function campaignCodes(name: string, brands: readonly BrandId[], prefix: string): CampaignCodes {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const code = hash.toString(36).toUpperCase().slice(0, 5).padStart(5, '0');
  return Object.fromEntries(brands.map((brand) => [brand, `${prefix}${brand.toUpperCase()}-${code}`]));
}

interface RouteOptions {
  theme: Theme;
  brands: readonly BrandId[];
  template?: Template;
  language?: Language;
  form?: string;
  page?: Partial<PageConfig>;
  validate?: RouteDefinition['validate'];
  middleware?: string[] | undefined;
  queryParams?: readonly string[] | undefined;
  /** Campaign codes: paid landing pages and funnels carry them; legal and internal pages do not. */
  campaign?: boolean;
}

/** A route whose name and pattern keep their literal types. */
type NamedRoute<N extends RouteName> = RouteDefinition & { name: N; path: RoutePattern<N> };

/** The route named `name`, at its pattern in ROUTE_PATTERNS (the one place a path is spelled). */
function route<const N extends RouteName>(name: N, options: RouteOptions): NamedRoute<N> {
  const path: RoutePattern<N> | undefined = ROUTE_PATTERNS[name];
  if (path === undefined) throw new Error(`routes.ts: '${name}' has no pattern in ROUTE_PATTERNS`);
  const language = options.language ?? 'english';
  const template = options.template ?? (options.form ? 'funnel' : 'landing');
  const campaign = options.campaign ?? true;
  return {
    name,
    path,
    brands: options.brands,
    ...(campaign ? { smid: campaignCodes(name, options.brands, ''), xsmid: campaignCodes(name, options.brands, 'X') } : {}),
    language,
    page: pageConfig({ theme: options.theme, template, language, form: options.form, overrides: options.page }),
    ...(options.validate ? { validate: options.validate } : {}),
    ...(options.middleware ? { middleware: options.middleware } : {}),
    ...(options.queryParams ? { queryParams: options.queryParams } : {}),
  };
}

/** The routes whose pattern is a stepped funnel's, `/{base}/{step?}`. */
type FunnelName = { [N in RouteName]: RoutePattern<N> extends `/${string}/{step?}` ? N : never }[RouteName];

/**
 * The stepped funnel `name` (its pattern `/{base}/{step?}`); `spanish` also adds its `-es` twin,
 * which must be a route name too, on `spanishBrands` (default: those of `brands` with Spanish
 * pages, {@link SPANISH}). The funnel asks about its page's product: the theme names the
 * product, and each product's own funnel is named after it ('life' for a life theme), unless
 * `form` picks another funnel of the same product.
 */
function funnel<const N extends FunnelName, const S extends boolean = false>(
  name: N,
  theme: Theme,
  brands: readonly BrandId[],
  options: { form?: string; spanish?: S & (`${N}-es` extends RouteName ? boolean : false); spanishBrands?: readonly BrandId[] } = {},
): FunnelRoutes<N, S> {
  const product = THEME_CONTENT[theme].product;
  if (!product) throw new Error(`funnel ${name}: content theme '${theme}' names no product, so no funnel asks about it`);
  const form = options.form ?? product;
  const english = route(name, { theme, brands, form });
  if (!options.spanish) return [english] as FunnelRoutes<N, S>;
  const spanishBrands = options.spanishBrands ?? brands.filter((brand) => SPANISH.includes(brand));
  return [english, route(`${name}-es` as SpanishName<N>, { theme, brands: spanishBrands, form: `${form}-es`, language: 'spanish' })] as FunnelRoutes<N, S>;
}

/** The `-es` twin of route `N`. */
type SpanishName<N extends string> = `${N}-es` & RouteName;

/** The routes {@link funnel} returns: the English one, and with `spanish` its `-es` twin. */
type FunnelRoutes<N extends RouteName, S extends boolean> = S extends true ? [NamedRoute<N>, NamedRoute<SpanishName<N>>] : [NamedRoute<N>];

/**
 * The routes of rows `[name, ...]`, each keeping its own name as a literal type: an array's
 * `map` would merge them into one union and lose which name has which pattern.
 */
type RowRoutes<T extends readonly (readonly [RouteName, ...unknown[]])[]> = {
  -readonly [K in keyof T]: T[K] extends readonly [infer N extends RouteName, ...unknown[]] ? NamedRoute<N> : never;
};

/** The review route of each reviewed carrier, by carrier (see {@link RowRoutes}). */
type ReviewRoutes = { [C in (typeof REVIEWED_CARRIERS)[number]]: NamedRoute<`reviews-${C}`> }[(typeof REVIEWED_CARRIERS)[number]];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The control center's screens: route name, screen title. */
const CONTROL_CENTER_SCREENS = [
  ['cc-sign-in', 'Sign in'],
  ['cc-account', 'Your account'],
  ['cc-index', 'Overview of branches'],
  ['cc-branches', 'Branches'],
  ['cc-branch', 'Branch'],
  ['cc-overview', 'Branch overview'],
  ['cc-pages', 'Pages'],
  ['cc-page', 'Page'],
  ['cc-images', 'Images'],
  ['cc-image', 'Image'],
  ['cc-articles', 'Articles'],
  ['cc-article', 'Article'],
  ['cc-leads', 'Leads'],
  ['cc-lead', 'Lead'],
  ['cc-experiments', 'Experiments'],
  ['cc-experiment', 'Experiment'],
  ['cc-phone-rules', 'Phone rules'],
  ['cc-content-factory', 'Content factory'],
  ['cc-content-factory-authors', 'Content factory authors'],
  ['cc-content-factory-runs', 'Content factory runs'],
  ['cc-content-factory-run', 'Content factory run'],
] as const;

/** Every route of every brand, each typed with its literal name and pattern (for {@link href}). */
const TABLE = [
  // Static pages.
  route('test', { theme: 'test', brands: SITES, template: 'test', campaign: false, page: { onEnter: 'testPageEntered' } }),
  route('index', {
    theme: 'home',
    brands: SITES,
    template: 'home',
    page: {
      indexable: true,
      // Which brands serve each offer the home page links to: each brand lists only its own.
      linkBrands: {
        '/quiz/otc': OTC, '/otc-savings': OTC, '/grocery': GROCERY, '/dental-vision': DENTAL,
        '/partb-giveback-now': GIVEBACK, '/csnp-allowance': SNP, '/shop-4-dsnp-otc': SNP,
        '/unlock-hidden-benefits': MEDICARE, '/carriers': MEDICARE, '/go-4-health': HEALTH, '/go-4-life': LIFE,
        '/quiz/auto': AUTO, '/compare-auto': AUTO,
      },
    },
  }),
  route('chat-ad', { theme: 'chat', brands: MEDICARE }),
  route('chat-ad-es', { theme: 'chat', brands: SPANISH, language: 'spanish' }),
  route('chat-ad-f3z', { theme: 'chat', brands: OTC }),
  route('chat-ad-csnp', { theme: 'csnp', brands: SNP }),
  route('chat-ad-giveback', { theme: 'giveback', brands: GIVEBACK }),
  route('grocery', { theme: 'grocery', brands: GROCERY, page: { indexable: true } }),
  route('ac-v1-lp', { theme: 'benefits', brands: ['ac'], page: { destination: href('ac-v1') } }),
  route('carriers', { theme: 'carriers', brands: MEDICARE, page: { indexable: true } }),
  route('call-auto', { theme: 'auto', brands: AUTO, page: { ctaCall: true } }),
  route('playground', { theme: 'playground', brands: ['m10'], template: 'playground', campaign: false }),
  route('clicks-auto', { theme: 'auto', brands: AUTO, page: { destination: href('compare-auto-clicks') } }),
  route('otc-savings', { theme: 'otc', brands: OTC, page: { indexable: true } }),
  route('compare-save', { theme: 'auto', brands: AUTO, page: { destination: href('compare-auto') } }),
  route('dental-vision', { theme: 'dental-vision', brands: DENTAL, page: { indexable: true } }),
  route('otc-allowance', { theme: 'otc', brands: OTC }),
  route('csnp-allowance', { theme: 'csnp', brands: SNP }),
  route('location-plans', { theme: 'plans', brands: MEDICARE }),
  route('plan-disruptions', { theme: 'plans', brands: MEDICARE }),
  route('search-plans-h3d', { theme: 'plans', brands: OTC }),
  route('search-4-auto', { theme: 'auto', brands: AUTO }),
  route('get-your-auto-r2d', { theme: 'auto', brands: AUTO }),
  route('grocery-allowance-now', { theme: 'grocery', brands: GROCERY }),
  route('unlock-hidden-benefits', { theme: 'benefits', brands: MEDICARE }),
  route('auto-insurance-skyrockets', { theme: 'auto', brands: AUTO }),

  // Review pages (brand ac): five named carriers, then any other carrier slug.
  ...(REVIEWED_CARRIERS.map((carrier) =>
    route(`reviews-${carrier}`, { theme: `review-${carrier}` as const, brands: ['ac'], template: 'review', page: { indexable: true } }),
  ) as ReviewRoutes[]),
  route('reviews-slug', {
    theme: 'review',
    brands: ['ac'],
    template: 'review',
    validate: (params) => SLUG.test(params.slug ?? ''),
  }),
  // Articles published in the control center, on every other site brand; 404 for a slug with no
  // published article (src/server/pages/published-article.ts). The home theme's copy gives the
  // closing call to action the brand's own product; the article replaces every other word.
  route('articles-slug', {
    theme: 'home',
    brands: SITES.filter((id) => id !== REVIEW_ARTICLE_BRAND),
    template: 'article',
    campaign: false,
    page: { indexable: true },
    validate: (params) => isArticleSlug(params.slug ?? ''),
  }),

  // Stepped funnels.
  ...funnel('ac-v1', 'benefits', ['ac']),
  ...funnel('quiz-otc', 'otc', OTC),
  ...funnel('quiz-grocery', 'grocery', GROCERY),
  // No brand with Spanish pages sells auto, so the Spanish auto quiz runs on the auto brands themselves.
  ...funnel('quiz-auto', 'auto', AUTO, { spanish: true, spanishBrands: AUTO }),
  // Spanish twins where a brand runs both the funnel and Spanish pages (SPANISH): ac alone today.
  ...funnel('go-4-life', 'life', LIFE, { spanish: true }),
  ...funnel('go-4-health', 'health', HEALTH, { spanish: true }),
  ...funnel('go-4-benefits', 'benefits', MEDICARE),
  ...funnel('auto-insurers', 'auto', AUTO),
  ...funnel('click-4-otc-r2', 'otc', OTC),
  ...funnel('shop-4-dsnp-otc', 'dsnp', SNP),
  ...funnel('shop-4-dsnp-otc-2024', 'dsnp', SNP),
  ...funnel('shop-4-dsnp-otc-r2', 'dsnp', SNP),
  ...funnel('partb-giveback-now', 'giveback', GIVEBACK),
  ...funnel('get-your-auto-q0z', 'auto', AUTO),
  ...funnel('get-your-auto-z8r', 'auto', AUTO),
  ...funnel('explore-top-rated-insurers', 'auto', AUTO),
  ...funnel('low-as-zero-dental-premiums', 'dental', DENTAL),
  ...funnel('medicare-premium-reduction-listing-r2', 'premium', MEDICARE),
  ...funnel('ads', 'ads', MEDICARE, { form: 'ads', spanish: true }),
  // Legal texts on every brand, the internal control center too: every footer links to them.
  route('tos', { theme: 'tos', brands: BRAND_IDS, template: 'legal', campaign: false }),
  route('privacy', { theme: 'privacy', brands: BRAND_IDS, template: 'legal', campaign: false }),
  // "Do not sell or share my personal information": every site brand's footer links to
  // it in the page's language. Not on the control center, whose staff are no consumers we sell to.
  route('privacy-choices', { theme: 'privacy-choices', brands: SITES, template: 'privacy-choices', campaign: false }),
  route('privacy-choices-es', { theme: 'privacy-choices', brands: SITES, template: 'privacy-choices', campaign: false, language: 'spanish' }),
  ...funnel('fe-6993', 'life', LIFE),
  ...funnel('save-auto', 'auto', AUTO),
  ...funnel('secret-auto', 'auto', AUTO),
  ...funnel('buyback-ad', 'buyback', OTC),
  ...funnel('buyback-ad-2', 'buyback', OTC),
  ...funnel('compare-auto', 'auto', AUTO),
  ...funnel('compare-auto-new', 'auto', AUTO),
  ...funnel('compare-auto-clicks', 'auto', AUTO),
  ...funnel('compare-auto-new-clicks', 'auto', AUTO),
  ...funnel('compare-now-n2g', 'auto', AUTO),
  ...funnel('compare-now-n2g-clicks', 'auto', AUTO),
  ...funnel('get-yours-otc', 'otc', OTC, { spanish: true }),
  ...funnel('get-yours-ss1', 'social-security', MEDICARE, { spanish: true }),
  ...funnel('get-yours-ss1-m', 'social-security', MEDICARE, { spanish: true }),
  ...funnel('get-yours-x4c', 'benefits', MEDICARE, { spanish: true }),
  ...funnel('get-yours-csnp', 'csnp', SNP, { spanish: true }),
  ...funnel('get-yours-dental', 'dental', DENTAL, { spanish: true }),
  ...funnel('plan-data-test', 'plans', ['ac', 'm10']),
  ...funnel('my-otc-benefits', 'otc', OTC),
  ...funnel('my-otc-benefits-2', 'otc', OTC),
  ...funnel('my-otc-benefits-g3r', 'otc', OTC),
  ...funnel('dropping-insurance', 'plans', MEDICARE),
  ...funnel('medi-plan-news-i8z', 'plans', MEDICARE),
  ...funnel('dental-allowance-24', 'dental', DENTAL),
  ...funnel('grocery-allowance-r2', 'grocery', GROCERY),
  ...funnel('grocery-allowance-r2-quiz', 'grocery', GROCERY),
  ...funnel('additional-benefits-otc', 'otc', OTC, { spanish: true }),
  ...funnel('benefits-cnsp-allowance', 'csnp', SNP),
  ...funnel('zero-zero-dental-coverage', 'dental', DENTAL),
  ...funnel('additional-benefits-buyback', 'buyback', OTC, { spanish: true }),
  ...funnel('additional-benefits-grocery', 'grocery', GROCERY),
  ...funnel('additional-benefits-grocery-2', 'grocery', GROCERY, { spanish: true }),
  ...funnel('additional-benefits-allowance', 'benefits', MEDICARE, { spanish: true }),
  route('dental-allowance-24-es-call', {
    theme: 'dental', brands: DENTAL.filter((brand) => SPANISH.includes(brand)), form: 'medicare-call-es', language: 'spanish',
  }),
  ...funnel('additional-social-security-call-now', 'social-security', MEDICARE, { form: 'medicare-call' }),

  // Control center (brand ccc only); the root index is keyed by a ?branch= query parameter.
  ...(CONTROL_CENTER_SCREENS.map(([name, screen]) =>
    route(name, {
      theme: 'control-center',
      brands: CONTROL_CENTER,
      template: 'control-center',
      campaign: false,
      middleware: name === 'cc-index' || ROUTE_PATTERNS[name].includes('{') ? ['branchSlug', 'childSlug'] : undefined,
      queryParams: name === 'cc-index' ? ['branch'] : name === 'cc-sign-in' ? [SIGN_IN_NEXT_PARAM, SIGN_IN_STEP_PARAM, SIGN_IN_FAILED_PARAM] : name === 'cc-account' ? [PASSWORD_CHANGE_PARAM] : undefined,
      page: { colorMode: 'light', title: screen, headline: screen },
    }),
  ) as RowRoutes<typeof CONTROL_CENTER_SCREENS>),
];

/**
 * The table and ROUTE_PATTERNS hold the same routes: a pattern no route declares, or a route
 * declared twice, stops the table from loading (so the server, the build and the CLI all refuse it).
 */
function sameRoutesAsPatterns(routes: readonly RouteDefinition[]): readonly RouteDefinition[] {
  const declared = new Set<string>();
  for (const { name } of routes) {
    if (declared.has(name)) throw new Error(`routes.ts: route '${name}' is declared twice`);
    declared.add(name);
  }
  const undeclared = Object.keys(ROUTE_PATTERNS).filter((name) => !declared.has(name));
  if (undeclared.length) throw new Error(`routes.ts: ROUTE_PATTERNS names routes the table does not declare: ${undeclared.join(', ')}`);
  return routes;
}

/** Every route of every brand. */
export const ROUTES: readonly RouteDefinition[] = sameRoutesAsPatterns(TABLE);

/**
 * Route rules (spec §7 "route-rule lookup"), one table for both sides: the build manifest carries
 * it to the client's navigator, which follows a redirect before navigating (internal ones
 * client-side, external ones with a full page load), and the server answers it on a direct load
 * (301/308 with Location; the `_payload.json` twin answers the rule as JSON). Both read a rule with
 * src/core/router/rules.ts.
 */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  '/otc': { redirect: '/otc-allowance' },
  '/dental': { redirect: '/dental-vision' },
  '/medicare-gov': { redirect: 'https://www.medicare.gov/' },
  '/quiz/otc': { appMiddleware: false },
};
