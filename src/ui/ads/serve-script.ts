/**
 * The ad provider's serve script (spec §7 "an advertising serve script from a third-party host"):
 * a third party's code, so it is loaded only on the page that shows its ads, never site-wide.
 */

/** The provider's serve script. */
export const SERVE_SCRIPT_URL = 'https://insurance.mediaalpha.com/js/serve.js';

/** The id of the injected script element, so the script is injected once per document. */
export const SERVE_SCRIPT_ID = 'mediaalpha-serve';

/** Injects the serve script into `document` (async, once); later calls do nothing. */
export function loadServeScript(document: Document): void {
  if (document.getElementById(SERVE_SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = SERVE_SCRIPT_ID;
  script.src = SERVE_SCRIPT_URL;
  script.async = true;
  document.head.appendChild(script);
}
