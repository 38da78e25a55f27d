import { useSyncExternalStore } from 'react';

// The address changes only through navigations, which re-render the page anyway.
const noSubscription = () => () => undefined;
const currentQuery = () => location.search;

/**
 * The page's query string (with its '?'), for links and form actions that must carry ad-click
 * parameters to the next step. `serverQuery` is what the server rendered with, used while
 * hydrating so the markup matches.
 */
export function useQueryString(serverQuery: string | undefined): string {
  return useSyncExternalStore(noSubscription, currentQuery, () => serverQuery ?? '');
}
