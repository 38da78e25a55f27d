import type { ReactNode } from 'react';
import type { Brand } from '../../brands/types.ts';
import { PRIVACY_CHOICES_PATHS } from '../core/content/copy/privacy-choices-paths.ts';
import type { Language } from '../core/pages/types.ts';
import { href } from '../core/router/route-patterns.ts';
import { BrandLogo } from './chrome/BrandLogo.tsx';
import { ColorModeControl } from './chrome/ColorModeControl.tsx';
import { CTC_LOCATIONS } from './phone/ctc-locations.ts';
import { PhoneLink } from './phone/PhoneLink.tsx';
import { StaticIsland } from './static-island.tsx';
import type { ChromeOpening } from './chrome/HeaderHours.tsx';
import { lazyPart } from './lazy-part.tsx';

/**
 * The header's hours, a chunk of its own: the server renders them in place and the browser keeps
 * that markup until the chunk is in (lazy-part.tsx), so the words and the zone table stay out of
 * every page's first load.
 */
const HeaderHours = lazyPart('HeaderHours', () => import('./chrome/HeaderHours.tsx').then((module) => module.HeaderHours));

/** Short UI strings of the chrome in each language. */
const CHROME_TEXT: Record<
  Language,
  { call: string; callFree: string; home: string; privacy: string; terms: string; licence: string; skip: string; operatedBy: string; agency: string; legal: string; doNotSell: string }
> = {
  english: {
    call: 'Call a licensed agent',
    callFree: 'Call us free',
    home: 'Home',
    privacy: 'Privacy policy',
    terms: 'Terms of service',
    licence: 'NPN',
    skip: 'Skip to main content',
    operatedBy: 'is operated by',
    agency: 'Licensed insurance agency',
    legal: 'Legal and privacy',
    doNotSell: 'Do not sell or share my personal information',
  },
  spanish: {
    call: 'Llame a un agente autorizado',
    callFree: 'Llámenos gratis',
    home: 'Inicio',
    privacy: 'Política de privacidad',
    terms: 'Términos del servicio',
    licence: 'NPN',
    skip: 'Saltar al contenido principal',
    operatedBy: 'es operado por',
    agency: 'Agencia de seguros autorizada',
    legal: 'Información legal y privacidad',
    doNotSell: 'No vender ni compartir mi información personal',
  },
};

/** After a footer link to a page that exists in English only, on a page in another language. */
const IN_ENGLISH: Record<Language, string> = { english: '', spanish: ' (en inglés)' };

/**
 * The brand's chrome around every page: a header with logo and the displayed phone number
 * (always in the same place; the leased one while a lease is live), the page, and a footer with
 * the legal entity and its address, for agencies the licence number (npn), the legal links with
 * "Do not sell or share my personal information", and the colour-mode choice. The
 * control center does not use it: it has its own chrome (control-center/chrome/).
 *
 * The header never lets logo and number overlap (src/ui/styles/chrome.css): the name
 * wraps, the call label wraps within the number's width, the number never breaks, and if the two
 * still do not fit side by side the number moves below the logo. Under the number, when the page
 * knows the hours (`opening`), the header says "Open now" or when calls are next answered, in the
 * visitor's own zone ("Opens Mon 8 a.m. ET"), so nobody calls a closed line expecting an answer.
 */
export function SiteChrome({
  brand,
  language,
  forcedColorMode,
  opening,
  children,
}: {
  brand: Brand;
  language: Language;
  forcedColorMode?: 'light' | 'dark' | undefined;
  opening?: ChromeOpening | undefined;
  children: ReactNode;
}) {
  const text = CHROME_TEXT[language];
  const inEnglish = IN_ENGLISH[language];
  return (
    <>
      <a className="skip-link" href="#main">
        {text.skip}
      </a>
      <header className="site-header" data-block-id="site-header">
        <div className="brand-slot">
          <a className="brand-logo" href={href('index')} aria-label={`${brand.name} – ${text.home}`}>
            <BrandLogo brand={brand} />
          </a>
        </div>
        <PhoneLink className="header-phone" defaultPhone={brand.phone} ctcLocation={CTC_LOCATIONS.header}>
          {(phone) => (
            <>
              {/* Only agencies employ licensed agents; other brands must not claim them. */}
              <span className="header-phone-label">{brand.isAgency ? text.call : text.callFree}</span>
              <span className="header-phone-number">{phone.grouped}</span>
              {opening ? <HeaderHours opening={opening} language={language} /> : null}
            </>
          )}
        </PhoneLink>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer" data-block-id="site-footer">
        {/* The owner, licence and legal links: the same on every page of the brand and language, never hydrated (static-island.tsx). */}
        <StaticIsland contentKey={JSON.stringify(['footer', brand.id, language])}>
          <p className="footer-owner">
            <strong>{brand.name}</strong> {text.operatedBy} {brand.owner}, {brand.address}.
          </p>
          {brand.isAgency && brand.npn ? (
            <p className="footer-licence">
              {text.agency}, {text.licence} {brand.npn}.
            </p>
          ) : null}
          <nav aria-label={text.legal}>
            <ul className="footer-links">
              {/* The home, privacy policy and terms exist in English only: a Spanish page says so. */}
              <li>
                <a href={href('index')} hrefLang={inEnglish ? 'en' : undefined}>
                  {text.home}
                  {inEnglish}
                </a>
              </li>
              <li>
                <a href={href('privacy')} hrefLang={inEnglish ? 'en' : undefined}>
                  {text.privacy}
                  {inEnglish}
                </a>
              </li>
              <li>
                <a href={href('tos')} hrefLang={inEnglish ? 'en' : undefined}>
                  {text.terms}
                  {inEnglish}
                </a>
              </li>
              <li>
                <a href={PRIVACY_CHOICES_PATHS[language]}>{text.doNotSell}</a>
              </li>
            </ul>
          </nav>
        </StaticIsland>
        <ColorModeControl language={language} forced={forcedColorMode} />
      </footer>
    </>
  );
}
