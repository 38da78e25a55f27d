import type { Brand, Product } from '../../../brands/types.ts';
import { trustFacts } from '../../core/content/trust.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import type { Language } from '../../core/pages/types.ts';
import { agentHoursSentence } from '../funnel/agent-hours.ts';
import { keepTimesWhole } from './keep-times-whole.ts';

/** The hours sentence's language for a page language. */
const HOURS_LANGUAGE: Readonly<Record<Language, LeadLanguage>> = { english: 'en', spanish: 'es' };

/**
 * The trust strip: the carriers the brand names for the page's product, as text marks
 * (linked to the brand's own reviews where its site has them: learn-more controls, each click a
 * learnMoreClicked event), when calls are answered (the
 * working-hours sentence, whose words follow the hours and say who answers) and, for agencies,
 * the licence line. Plain markup with no state or effect, the same on server and client: about
 * 0.7 KiB of the gzipped visitor bundle, mostly its words in two languages.
 */
export function TrustStrip({ brand, product, language }: { brand: Brand; product: Product; language: Language }) {
  const facts = trustFacts(brand, product, language);
  const named = facts.carriers.length > 0;
  // The heading leads into the carrier names, so a brand naming none (test fixtures) shows the facts alone.
  return (
    <section className="trust-strip" data-block-id="trust" aria-labelledby={named ? 'trust-heading' : undefined}>
      {named ? (
        <>
          <h2 id="trust-heading" className="trust-heading">
            {facts.heading}
          </h2>
          <ul className={facts.reviewsNote ? 'trust-carriers trust-carriers-linked' : 'trust-carriers'} aria-labelledby="trust-heading">
            {facts.carriers.map((carrier) => (
              <li key={carrier.name}>
                {carrier.review ? (
                  // The reviews are written in English only, whatever the page's language.
                  <a className="trust-carrier" href={carrier.review} hrefLang="en" data-learn-more="">
                    {carrier.name}
                    <span className="content-visually-hidden">{facts.reviewLinkSuffix}</span>
                  </a>
                ) : (
                  <span className="trust-carrier">{carrier.name}</span>
                )}
              </li>
            ))}
          </ul>
          {facts.reviewsNote ? <p className="trust-note">{facts.reviewsNote}</p> : null}
        </>
      ) : null}
      <ul className="trust-facts">
        <li data-trust="hours">{keepTimesWhole(agentHoursSentence(HOURS_LANGUAGE[language], brand))}</li>
        {facts.agencyLine ? <li data-trust="agency">{facts.agencyLine}</li> : null}
      </ul>
    </section>
  );
}
