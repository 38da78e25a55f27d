/**
 * What a request body may be, declared once: the largest body of each kind of route, in bytes, and
 * how deep and how wide a JSON body may be. The endpoints of the contract carry their limit
 * (`Endpoint.bodyLimit`), the server registers each route with it, and
 * src/server/platform/http/json-body.ts refuses a JSON body over the shape limits before parsing
 * it. A body over its route's limit is refused as it arrives, before any parsing: a 400 on the
 * API.
 */
import { EVENT_BODY_MAX_BYTES } from '../tracking/constants.ts';

const KB = 1024;
const MB = 1024 * KB;

/** The largest accepted request body per kind of route, in bytes. */
export const BODY_LIMITS = Object.freeze({
  /** Any route not named below (the server's default): nothing else takes a body. */
  default: 16 * KB,
  /** POST /api/event/create: one event or a batch; the browser splits its batches at this size. */
  events: EVENT_BODY_MAX_BYTES,
  /** POST /api/user/set: a visitor's whole user state (form values, a leased phone, flags). */
  userState: 32 * KB,
  /** The marketplace relays (demand check, get-phone, ads): a few hundred bytes in practice. */
  marketplace: 16 * KB,
  /** POST /api/funnel/step: one step's answers, a few hundred bytes (the contact step is the largest). */
  funnelStep: 8 * KB,
  /** POST /api/leads: a full auto lead with its consent text is about 6 KB. */
  leads: 16 * KB,
  /** POST /api/_auth/session: an email, a name and a password. */
  signIn: 4 * KB,
  /** The no-JavaScript funnel form posts on page paths: a whole auto step is well under 4 KB. */
  formPost: 16 * KB,
  /** Control-center actions and queries (publish, restore, preview, reveal, lead filters): a few ids and dates. */
  controlCenterAction: 4 * KB,
  /** A page's staff fields: a long Markdown body and the rest, with room to spare. */
  pageFields: 128 * KB,
  /** An article's fields: the longest Markdown body staff write. */
  articleFields: 256 * KB,
  /** An experiment's fields: up to 6 variants, each possibly with a Markdown body. */
  experiment: 256 * KB,
  /** A phone rule's fields: an afid, a number, up to 100 route names and two days. */
  phoneRule: 16 * KB,
  /** A content-factory author or run: a bio and up to 50 topics, a few KB. */
  contentFactory: 32 * KB,
  /** An uploaded image, the file's bytes (PNG, JPEG or WebP): the largest upload, 5 MB (core/control-center/images.ts IMAGE_MAX_BYTES). */
  image: 5 * MB,
});

/**
 * How deep and how wide a JSON body may be, checked on its raw text before JSON.parse: deeper
 * nesting or more keys is refused with a 400. Every real body is under 8 levels and 300 keys.
 */
export const JSON_BODY_LIMITS = Object.freeze({
  /** Most objects and arrays inside each other; the top-level value counts as level 1. */
  maxDepth: 32,
  /** Most object keys in the whole body, all levels together. */
  maxKeys: 2000,
});
