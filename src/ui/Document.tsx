import { COLOR_MODE_BOOT_SCRIPT } from '../core/color-mode.ts';
import { headFacts } from '../core/pages/head.ts';
import { BOOT_DATA_ID, serialiseBootData, type BootData } from './boot-data.ts';
import { App } from './App.tsx';

/** Props of the whole HTML document: the boot data, rendered identically on server and client. */
export interface DocumentProps {
  boot: BootData;
}

/**
 * The whole HTML document. React renders `<html>` on the server and hydrates `document` on the
 * client, so the title and meta tags follow client navigation without a second head manager.
 */
export function Document({ boot }: DocumentProps) {
  const { payload, assets } = boot;
  const head = headFacts(payload);
  return (
    <html lang={head.lang} data-forced-color-mode={head.forcedColorMode} suppressHydrationWarning>
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
        <script dangerouslySetInnerHTML={{ __html: COLOR_MODE_BOOT_SCRIPT }} />
      </head>
      <body>
        <div id="progress-bar" role="presentation" aria-hidden="true" />
        <App payload={payload} />
        <script id={BOOT_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serialiseBootData(boot) }} />
      </body>
    </html>
  );
}
