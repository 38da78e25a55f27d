import { COLOR_MODE_BOOT_SCRIPT } from '../core/color-mode.ts';
import { CONTROL_CENTER_BRAND } from '../core/router/control-center-route.ts';
import { headFacts } from '../core/pages/head.ts';
import { BOOT_DATA_ID, serialiseBootData, type BootData } from './boot-data.ts';
import { App } from './App.tsx';
import { themeStyle } from './chrome/theme-style.ts';

/** Where the tag manager's container script and no-script frame come from. */
const GTM_ORIGIN = 'https://www.googletagmanager.com';

/**
 * Google Tag Manager's nonce-aware container snippet for `gtmId` (spec §7 "A tag-manager script
 * (configured id) ... is loaded"): it starts `window.dataLayer` and loads gtm.js asynchronously,
 * handing gtm.js the snippet's own CSP nonce (`document.currentScript.nonce`), which the tag
 * manager passes on to the tags it adds. The text is the same whatever the nonce, so the
 * client hydrates it unchanged. The id is written as a JSON string with `<` escaped, so no
 * brand data can end the script.
 */
function gtmSnippet(gtmId: string): string {
  const id = JSON.stringify(gtmId).replace(/</g, '\\u003c');
  return `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='${GTM_ORIGIN}/gtm.js?id='+i+dl;var n=d.currentScript&&d.currentScript.nonce;n&&j.setAttribute('nonce',n);f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${id});`;
}

/** Props of the whole HTML document: the boot data, rendered identically on server and client. */
export interface DocumentProps {
  boot: BootData;
  /**
   * The response's Content-Security-Policy nonce, put on every inline `<script>`. Not part of the
   * boot data (it would then be written into the page a second time, readable as text): the
   * client reads it back from the boot-data element's `nonce` property to hydrate the same tree.
   */
  nonce?: string | undefined;
}

/**
 * The whole HTML document. React renders `<html>` on the server and hydrates `document` on the
 * client, so the title and meta tags follow client navigation without a second head manager.
 */
export function Document({ boot, nonce }: DocumentProps) {
  const { payload, assets } = boot;
  const head = headFacts(payload);
  // A browser that opted out of the sale and sharing of its information (the privacy cookie, or
  // Global Privacy Control) gets no tag manager at all, so none of its advertising or analytics
  // tags run. Server-decided per request, so it holds without JavaScript too.
  // The control center is an internal tool: no tag manager or visitor tracking at all.
  const tagManager = !payload.privacy && payload.brand.id !== CONTROL_CENTER_BRAND;
  return (
    // The brand's theme (both palettes) as custom properties, server-rendered: no flash of other colours.
    <html lang={head.lang} data-forced-color-mode={head.forcedColorMode} data-brand-theme={payload.brand.theme ? '' : undefined} style={themeStyle(payload.brand.theme)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        <meta name="robots" content={head.robots} />
        <link rel="icon" href={head.favicon.href} type={head.favicon.type} />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {/* The nonce is what lets a module preload through the CSP ('strict-dynamic' ignores 'self'). */}
        {assets.preload?.map((href) => (
          <link key={href} rel="modulepreload" href={href} nonce={nonce} />
        ))}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: COLOR_MODE_BOOT_SCRIPT }} />
        {tagManager ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: gtmSnippet(payload.brand.gtmId) }} /> : null}
      </head>
      <body>
        {tagManager ? (
          <noscript>
            <iframe src={`${GTM_ORIGIN}/ns.html?id=${encodeURIComponent(payload.brand.gtmId)}`} title="Google Tag Manager" height="0" width="0" style={{ display: 'none', visibility: 'hidden' }} />
          </noscript>
        ) : null}
        <div id="progress-bar" role="presentation" aria-hidden="true" />
        <App payload={payload} />
        <script id={BOOT_DATA_ID} type="application/json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serialiseBootData(boot) }} />
      </body>
    </html>
  );
}
