/**
 * The visitor's own time zone, as the runtime serves it: Eastern (most Americans' zone) on the
 * server and while hydrating, so the HTML is the same for everyone and cacheable; the visitor's
 * state's zone once the browser's IP lookup answers (src/client/after-paint.ts). Pages read it with
 * use-visitor-zone.ts; this module is the runtime's part, kept tiny (every page's first load).
 */
import { DEFAULT_VISITOR_TIME_ZONE } from '../core/hours/default-zone.ts';

/** The visitor's IANA zone as a store for useSyncExternalStore. */
export interface VisitorZoneRuntime {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => string;
}

/** The zone while rendering on the server: the default, never changing. */
export const SERVER_VISITOR_ZONE: VisitorZoneRuntime = {
  subscribe: () => () => undefined,
  getSnapshot: () => DEFAULT_VISITOR_TIME_ZONE,
};
