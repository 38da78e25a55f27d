import { useSyncExternalStore } from 'react';
import { DEFAULT_VISITOR_TIME_ZONE } from '../core/hours/default-zone.ts';
import { useRuntime } from './runtime.tsx';

const serverZone = () => DEFAULT_VISITOR_TIME_ZONE;

/**
 * The visitor's IANA zone (visitor-zone.ts): Eastern on the server and while hydrating, so both
 * render the same; re-renders when the IP lookup names the visitor's state.
 */
export function useVisitorTimeZone(): string {
  const { visitorZone } = useRuntime();
  return useSyncExternalStore(visitorZone.subscribe, visitorZone.getSnapshot, serverZone);
}
