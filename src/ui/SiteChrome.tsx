import type { ReactNode } from 'react';
import type { Brand } from '../../brands/types.ts';
import type { Language } from '../core/pages/types.ts';
import { BrandLogo } from './chrome/BrandLogo.tsx';
import { ColorModeControl } from './chrome/ColorModeControl.tsx';
import { CTC_LOCATIONS } from './phone/ctc-locations.ts';
import { PhoneLink } from './phone/PhoneLink.tsx';

/** Short UI strings of the chrome in each language. */
const CHROME_TEXT: Record<Language, { call: string; callFree: string; home: string; privacy: string; terms: string; licence: string; skip: string }> = {
  english: { call: 'Call a licensed agent', callFree: 'Call us free', home: 'Home', privacy: 'Privacy policy', terms: 'Terms of service', licence: 'NPN', skip: 'Skip to main content' },
  spanish: { call: 'Llame a un agente autorizado', callFree: 'Llámenos gratis', home: 'Inicio', privacy: 'Política de privacidad', terms: 'Términos del servicio', licence: 'NPN', skip: 'Saltar al contenido principal' },
};

/**
 * The brand's chrome around every page: a header with logo and the displayed phone number
 * (always in the same place; the leased one while a lease is live), the page, and a footer with
 * the legal entity, address and, for agencies, the npn, and the colour-mode choice.
 *
 * The header never lets logo and number overlap (issue 11; src/ui/styles/chrome.css): the name
 * wraps, the call label wraps within the number's width, the number never breaks, and if the two
 * still do not fit side by side the number moves below the logo.
 */
export function SiteChrome({ brand, language, forcedColorMode, children }: { brand: Brand; language: Language; forcedColorMode?: 'light' | 'dark' | undefined; children: ReactNode }) {
  const text = CHROME_TEXT[language];
  return (
    <>
      <a className="skip-link" href="#main">
        {text.skip}
      </a>
      <header className="site-header" data-block-id="site-header">
        <div className="brand-slot">
          <a className="brand-logo" href="/" aria-label={`${brand.name} – ${text.home}`}>
            <BrandLogo brand={brand} />
          </a>
        </div>
        <PhoneLink className="header-phone" defaultPhone={brand.phone} ctcLocation={CTC_LOCATIONS.header}>
          {(phone) => (
            <>
              {/* Only agencies employ licensed agents; other brands must not claim them. */}
              <span className="header-phone-label">{brand.isAgency ? text.call : text.callFree}</span>
              <span className="header-phone-number">{phone.grouped}</span>
            </>
          )}
        </PhoneLink>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer" data-block-id="site-footer">
        <p>
          <strong>{brand.name}</strong> is operated by {brand.owner}, {brand.address}.
          {brand.isAgency && brand.npn ? ` ${text.licence} ${brand.npn}.` : ''}
        </p>
        <nav aria-label="Legal">
          <a href="/">{text.home}</a> · <a href="/privacy">{text.privacy}</a> · <a href="/tos">{text.terms}</a>
        </nav>
        <ColorModeControl language={language} forced={forcedColorMode} />
      </footer>
    </>
  );
}
