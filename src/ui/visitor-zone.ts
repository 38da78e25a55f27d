/**
 * The visitor's own time zone, as pages read it: Eastern (most Americans' zone) on the server and
 * while hydrating, so the HTML is the same for everyone and cacheable; the visitor's state's zone
 * once the browser's IP lookup answers (src/client/after-paint.ts), when every reader re-renders.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_VISITOR_TIME_ZONE } from '../core/hours/state-time-zones.ts';
import { useRuntime } from './runtime.tsx';

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

const serverZone = () => DEFAULT_VISITOR_TIME_ZONE;

/** The visitor's IANA zone; re-renders when the IP lookup names their state. */
export function useVisitorTimeZone(): string {
  const { visitorZone } = useRuntime();
  return useSyncExternalStore(visitorZone.subscribe, visitorZone.getSnapshot, serverZone);
}
