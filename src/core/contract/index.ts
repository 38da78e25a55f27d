/**
 * The HTTP contract (DESIGN.md "The HTTP contract"): every endpoint the browser, the server and
 * the CLI speak, as data. Each area's module holds its paths and schemas; this list is what
 * test/unit/http-contract.test.ts holds the server's registered /api/ routes to, both ways.
 *
 * Visitor browser code imports no schema at all (no zod in visitor pages, which must load fast):
 * its paths come from paths.ts and its checks of answers from checks.ts. Control-center code
 * imports the area module it needs (e.g. `contract/cc-pages.ts`), not this index, so its lazy
 * chunks carry only the schemas they use.
 */
import { ADS } from './ads.ts';
import { AUTH_SESSION_DELETE, AUTH_SESSION_GET } from './auth-session.ts';
import { CC_ARTICLE_GET, CC_ARTICLE_PUBLISH, CC_ARTICLE_RESTORE, CC_ARTICLE_SAVE, CC_ARTICLES_LIST } from './cc-articles.ts';
import { CC_AUTHOR_CREATE, CC_AUTHOR_DELETE, CC_AUTHOR_UPDATE, CC_AUTHORS_LIST, CC_RUN_CANCEL, CC_RUN_CREATE, CC_RUN_GET, CC_RUNS_LIST } from './cc-content-factory.ts';
import { CC_AUDIT, CC_BRANCH_LIST, CC_BRANCH_OVERVIEW } from './cc-branches.ts';
import { CC_EXPERIMENT_CREATE, CC_EXPERIMENT_GET, CC_EXPERIMENT_RESULTS, CC_EXPERIMENT_STATUS, CC_EXPERIMENT_UPDATE, CC_EXPERIMENTS_LIST } from './cc-experiments.ts';
import { CC_FUNNEL_LIST, CC_FUNNEL_REPORT } from './cc-funnels.ts';
import { CC_LEAD_GET, CC_LEAD_REVEAL, CC_LEADS_EXPORT, CC_LEADS_LIST } from './cc-leads.ts';
import { CC_IMAGE_DELETE, CC_IMAGE_GET, CC_IMAGE_UPDATE, CC_IMAGE_UPLOAD, CC_IMAGES_LIST } from './cc-images.ts';
import { CC_PHONE_RULE_CREATE, CC_PHONE_RULE_DELETE, CC_PHONE_RULE_UPDATE, CC_PHONE_RULES_LIST } from './cc-phone-rules.ts';
import { CC_PAGE_GET, CC_PAGE_PREVIEW, CC_PAGE_PREVIEW_PASS, CC_PAGE_PUBLISH, CC_PAGE_RESTORE, CC_PAGE_SAVE, CC_PAGES_LIST } from './cc-pages.ts';
import { API_PREFIX, type Endpoint } from './endpoint.ts';
import { EVENT_CREATE } from './events.ts';
import { FUNNEL_STEP_SUBMIT } from './funnel-steps.ts';
import { IP_LOOKUP } from './ip-lookup.ts';
import { LEAD_CAPTURE } from './leads.ts';
import { LEAD_CALLBACK } from './leads-callback.ts';
import { MEDIA_FILE } from './media.ts';
import { DEMAND_CHECK, GET_PHONE } from './marketplace.ts';
import { BUILD_META, LATEST_BUILD, PAGE_PAYLOAD } from './page-payload.ts';
import { PRIVACY_OPT_OUT } from './privacy-choices.ts';
import { AUTH_SESSION_SIGN_IN } from './sign-in.ts';
import { AUTH_SESSION_CODE, CC_TOTP_CONFIRM, CC_TOTP_DISABLE, CC_TOTP_GET, CC_TOTP_START } from './totp.ts';
import { ACCOUNT_PASSWORD_CHANGE } from './account-password.ts';
import { USER_SET } from './user-state.ts';

export * from './ads.ts';
export * from './auth-session.ts';
export * from './body-limits.ts';
export * from './cc-articles.ts';
export * from './cc-branches.ts';
export * from './cc-experiments.ts';
export * from './cc-funnels.ts';
export * from './cc-content-factory.ts';
export * from './cc-leads.ts';
export * from './cc-images.ts';
export * from './cc-pages.ts';
export * from './cc-phone-rules.ts';
export * from './endpoint.ts';
export * from './events.ts';
export * from './funnel-steps.ts';
export * from './ip-lookup.ts';
export * from './leads.ts';
export * from './leads-callback.ts';
export * from './marketplace.ts';
export * from './media.ts';
export * from './page-payload.ts';
export * from './privacy-choices.ts';
export * from './sign-in.ts';
export * from './totp.ts';
export * from './account-password.ts';
export * from './user-state.ts';

/** Every endpoint, in the order the server registers them. */
export const ENDPOINTS: readonly Endpoint[] = Object.freeze([
  AUTH_SESSION_GET,
  AUTH_SESSION_DELETE,
  AUTH_SESSION_SIGN_IN,
  AUTH_SESSION_CODE,
  CC_TOTP_GET,
  CC_TOTP_START,
  CC_TOTP_CONFIRM,
  CC_TOTP_DISABLE,
  ACCOUNT_PASSWORD_CHANGE,
  CC_BRANCH_LIST,
  CC_BRANCH_OVERVIEW,
  CC_AUDIT,
  CC_FUNNEL_LIST,
  CC_FUNNEL_REPORT,
  EVENT_CREATE,
  USER_SET,
  FUNNEL_STEP_SUBMIT,
  LEAD_CAPTURE,
  LEAD_CALLBACK,
  IP_LOOKUP,
  DEMAND_CHECK,
  GET_PHONE,
  ADS,
  PRIVACY_OPT_OUT,
  PAGE_PAYLOAD,
  LATEST_BUILD,
  BUILD_META,
  CC_LEADS_LIST,
  CC_LEAD_GET,
  CC_LEAD_REVEAL,
  CC_LEADS_EXPORT,
  CC_IMAGES_LIST,
  CC_IMAGE_UPLOAD,
  CC_IMAGE_GET,
  CC_IMAGE_UPDATE,
  CC_IMAGE_DELETE,
  MEDIA_FILE,
  CC_PAGES_LIST,
  CC_PAGE_GET,
  CC_PAGE_SAVE,
  CC_PAGE_PUBLISH,
  CC_PAGE_RESTORE,
  CC_PAGE_PREVIEW,
  CC_PAGE_PREVIEW_PASS,
  CC_ARTICLES_LIST,
  CC_ARTICLE_GET,
  CC_ARTICLE_SAVE,
  CC_ARTICLE_PUBLISH,
  CC_ARTICLE_RESTORE,
  CC_EXPERIMENTS_LIST,
  CC_EXPERIMENT_CREATE,
  CC_EXPERIMENT_GET,
  CC_EXPERIMENT_UPDATE,
  CC_EXPERIMENT_STATUS,
  CC_EXPERIMENT_RESULTS,
  CC_PHONE_RULES_LIST,
  CC_PHONE_RULE_CREATE,
  CC_PHONE_RULE_UPDATE,
  CC_PHONE_RULE_DELETE,
  CC_AUTHORS_LIST,
  CC_AUTHOR_CREATE,
  CC_AUTHOR_UPDATE,
  CC_AUTHOR_DELETE,
  CC_RUNS_LIST,
  CC_RUN_CREATE,
  CC_RUN_GET,
  CC_RUN_CANCEL,
]);

/** The JSON API: the endpoints under {@link API_PREFIX}, each a route of the server. */
export const API_ENDPOINTS: readonly Endpoint[] = Object.freeze(ENDPOINTS.filter((endpoint) => endpoint.path.startsWith(API_PREFIX)));
