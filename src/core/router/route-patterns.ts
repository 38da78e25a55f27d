/**
 * The names and path patterns of every route (DESIGN.md "One route table"), and nothing else:
 * no brands, no page content. routes.ts builds its table from these entries (a route is declared
 * by its name and takes its pattern from here, and the table refuses a name left out or used
 * twice), so this is the one place a route's path is spelled. Small enough for the browser
 * bundle, which is why the UI's links come from `href` here rather than from routes.ts (that
 * table carries every page's content).
 */
import { createHref } from './href.ts';

/** Route name → path pattern (`{step?}` optional, `{slug*}` catch-all, `{branch}` required). */
export const ROUTE_PATTERNS = {
  // Static pages.
  test: '/test',
  index: '/',
  'chat-ad': '/chat-ad',
  'chat-ad-es': '/chat-ad-es',
  'chat-ad-f3z': '/chat-ad-f3z',
  'chat-ad-csnp': '/chat-ad-csnp',
  'chat-ad-giveback': '/chat-ad-giveback',
  grocery: '/grocery',
  'ac-v1-lp': '/ac-v1-lp',
  carriers: '/carriers',
  'call-auto': '/call-auto',
  playground: '/playground',
  'clicks-auto': '/clicks-auto',
  'otc-savings': '/otc-savings',
  'compare-save': '/compare-save',
  'dental-vision': '/dental-vision',
  'otc-allowance': '/otc-allowance',
  'csnp-allowance': '/csnp-allowance',
  'location-plans': '/location-plans',
  'plan-disruptions': '/plan-disruptions',
  'search-plans-h3d': '/search-plans-h3d',
  'search-4-auto': '/search-4-auto',
  'get-your-auto-r2d': '/get-your-auto-r2d',
  'grocery-allowance-now': '/grocery-allowance-now',
  'unlock-hidden-benefits': '/unlock-hidden-benefits',
  'auto-insurance-skyrockets': '/auto-insurance-skyrockets',
  // Review pages (brand ac): five named carriers, then any other carrier slug; published articles.
  'reviews-aetna': '/reviews/aetna',
  'reviews-cigna': '/reviews/cigna',
  'reviews-humana': '/reviews/humana',
  'reviews-wellcare': '/reviews/wellcare',
  'reviews-unitedhealthcare': '/reviews/unitedhealthcare',
  'reviews-slug': '/reviews/{slug*}',
  'articles-slug': '/articles/{slug}',
  // Stepped funnels, legal texts and the privacy choices page.
  'ac-v1': '/ac-v1/{step?}',
  'quiz-otc': '/quiz/otc/{step?}',
  'quiz-grocery': '/quiz/grocery/{step?}',
  'quiz-auto': '/quiz/auto/{step?}',
  'quiz-auto-es': '/quiz/auto-es/{step?}',
  'go-4-life': '/go-4-life/{step?}',
  'go-4-life-es': '/go-4-life-es/{step?}',
  'go-4-health': '/go-4-health/{step?}',
  'go-4-health-es': '/go-4-health-es/{step?}',
  'go-4-benefits': '/go-4-benefits/{step?}',
  'auto-insurers': '/auto-insurers/{step?}',
  'click-4-otc-r2': '/click-4-otc-r2/{step?}',
  'shop-4-dsnp-otc': '/shop-4-dsnp-otc/{step?}',
  'shop-4-dsnp-otc-2024': '/shop-4-dsnp-otc-2024/{step?}',
  'shop-4-dsnp-otc-r2': '/shop-4-dsnp-otc-r2/{step?}',
  'partb-giveback-now': '/partb-giveback-now/{step?}',
  'get-your-auto-q0z': '/get-your-auto-q0z/{step?}',
  'get-your-auto-z8r': '/get-your-auto-z8r/{step?}',
  'explore-top-rated-insurers': '/explore-top-rated-insurers/{step?}',
  'low-as-zero-dental-premiums': '/low-as-zero-dental-premiums/{step?}',
  'medicare-premium-reduction-listing-r2': '/medicare-premium-reduction-listing-r2/{step?}',
  ads: '/ads/{step?}',
  'ads-es': '/ads-es/{step?}',
  tos: '/tos/{step?}',
  privacy: '/privacy/{step?}',
  'privacy-choices': '/privacy-choices',
  'privacy-choices-es': '/privacy-choices-es',
  'fe-6993': '/fe-6993/{step?}',
  'save-auto': '/save-auto/{step?}',
  'secret-auto': '/secret-auto/{step?}',
  'buyback-ad': '/buyback-ad/{step?}',
  'buyback-ad-2': '/buyback-ad-2/{step?}',
  'compare-auto': '/compare-auto/{step?}',
  'compare-auto-new': '/compare-auto-new/{step?}',
  'compare-auto-clicks': '/compare-auto-clicks/{step?}',
  'compare-auto-new-clicks': '/compare-auto-new-clicks/{step?}',
  'compare-now-n2g': '/compare-now-n2g/{step?}',
  'compare-now-n2g-clicks': '/compare-now-n2g-clicks/{step?}',
  'get-yours-otc': '/get-yours-otc/{step?}',
  'get-yours-otc-es': '/get-yours-otc-es/{step?}',
  'get-yours-ss1': '/get-yours-ss1/{step?}',
  'get-yours-ss1-es': '/get-yours-ss1-es/{step?}',
  'get-yours-ss1-m': '/get-yours-ss1-m/{step?}',
  'get-yours-ss1-m-es': '/get-yours-ss1-m-es/{step?}',
  'get-yours-x4c': '/get-yours-x4c/{step?}',
  'get-yours-x4c-es': '/get-yours-x4c-es/{step?}',
  'get-yours-csnp': '/get-yours-csnp/{step?}',
  'get-yours-csnp-es': '/get-yours-csnp-es/{step?}',
  'get-yours-dental': '/get-yours-dental/{step?}',
  'get-yours-dental-es': '/get-yours-dental-es/{step?}',
  'plan-data-test': '/plan-data-test/{step?}',
  'my-otc-benefits': '/my-otc-benefits/{step?}',
  'my-otc-benefits-2': '/my-otc-benefits-2/{step?}',
  'my-otc-benefits-g3r': '/my-otc-benefits-g3r/{step?}',
  'dropping-insurance': '/dropping-insurance/{step?}',
  'medi-plan-news-i8z': '/medi-plan-news-i8z/{step?}',
  'dental-allowance-24': '/dental-allowance-24/{step?}',
  'grocery-allowance-r2': '/grocery-allowance-r2/{step?}',
  'grocery-allowance-r2-quiz': '/grocery-allowance-r2-quiz/{step?}',
  'additional-benefits-otc': '/additional-benefits-otc/{step?}',
  'additional-benefits-otc-es': '/additional-benefits-otc-es/{step?}',
  'benefits-cnsp-allowance': '/benefits-cnsp-allowance/{step?}',
  'zero-zero-dental-coverage': '/zero-zero-dental-coverage/{step?}',
  'additional-benefits-buyback': '/additional-benefits-buyback/{step?}',
  'additional-benefits-buyback-es': '/additional-benefits-buyback-es/{step?}',
  'additional-benefits-grocery': '/additional-benefits-grocery/{step?}',
  'additional-benefits-grocery-2': '/additional-benefits-grocery-2/{step?}',
  'additional-benefits-grocery-2-es': '/additional-benefits-grocery-2-es/{step?}',
  'additional-benefits-allowance': '/additional-benefits-allowance/{step?}',
  'additional-benefits-allowance-es': '/additional-benefits-allowance-es/{step?}',
  'dental-allowance-24-es-call': '/dental-allowance-24-es/call/{step?}',
  'additional-social-security-call-now': '/additional-social-security-call-now/{step?}',
  // Control center (brand ccc only).
  'cc-sign-in': '/sign-in',
  'cc-account': '/account',
  'cc-index': '/',
  'cc-branches': '/branches',
  'cc-branch': '/branches/{branch}',
  'cc-overview': '/branches/{branch}/overview',
  'cc-pages': '/branches/{branch}/pages',
  'cc-page': '/branches/{branch}/pages/{page}',
  'cc-images': '/branches/{branch}/images',
  'cc-image': '/branches/{branch}/images/{image}',
  'cc-articles': '/branches/{branch}/articles',
  'cc-article': '/branches/{branch}/articles/{article}',
  'cc-leads': '/branches/{branch}/leads',
  'cc-lead': '/branches/{branch}/leads/{lead}',
  'cc-experiments': '/branches/{branch}/experiments',
  'cc-experiment': '/branches/{branch}/experiments/{experiment}',
  'cc-phone-rules': '/branches/{branch}/phone-rules',
  'cc-content-factory': '/branches/{branch}/content-factory',
  'cc-content-factory-authors': '/branches/{branch}/content-factory/authors',
  'cc-content-factory-runs': '/branches/{branch}/content-factory/runs',
  'cc-content-factory-run': '/branches/{branch}/content-factory/runs/{run}',
} as const satisfies Readonly<Record<string, `/${string}`>>;

/** The name of a route. */
export type RouteName = keyof typeof ROUTE_PATTERNS;

/** The path pattern of route `N`, as its literal type. */
export type RoutePattern<N extends RouteName> = (typeof ROUTE_PATTERNS)[N];

/**
 * The path of a named route, its params typed from its pattern: `href('quiz-otc', { step: 'zip' })`
 * is '/quiz/otc/zip', `href('cc-page', { branch, page })` needs both, `href('tos')` takes none.
 * An unknown name or a missing required param is a type error, and at run time throws; params
 * are percent-encoded.
 * @example
 * ```ts
 * href('quiz-otc', { step: 'zip' }); // '/quiz/otc/zip'
 * href('quiz-otc', {});              // '/quiz/otc'
 * <a href={href('tos')}>Terms</a>
 * ```
 */
export const href = createHref(ROUTE_PATTERNS);
