/**
 * The address a `fetch` was called with, as text: a Request's url, else the string or URL given.
 * Fakes of `fetch` use it to resolve the page's relative paths against a test server.
 *
 * @example
 * const boundFetch: typeof fetch = (input, init) => fetch(new URL(fetchedUrl(input), origin), init);
 */
export function fetchedUrl(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : input.toString();
}
