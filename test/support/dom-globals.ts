import type { Window } from 'happy-dom';

/**
 * Makes a happy-dom window the test process's browser: `window`, `document` and `navigator` as
 * globals, and `IS_REACT_ACT_ENVIRONMENT` so React expects `act`. Call it before the first import
 * of react-dom/client, which decides at import time whether it runs in a browser.
 *
 * Node 21+ has a `navigator` global of its own, an accessor without a setter, so a plain
 * assignment (or `Object.assign(globalThis, …)`) throws; each global is defined as a data property.
 */
export function installDomGlobals(window: Window): void {
  const globals: Record<string, unknown> = {
    window,
    document: window.document,
    navigator: window.navigator,
    IS_REACT_ACT_ENVIRONMENT: true,
  };
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true, enumerable: true });
  }
}
