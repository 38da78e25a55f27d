import { Fragment } from 'react';
import type { StepConsent } from '../../core/funnels/consent.ts';
import { CONSENT_LINKS } from '../../core/leads/consent.ts';

/** The id of a step's disclosure; its submit button names it in `aria-describedby`. */
export function consentId(stepName: string): string {
  return `funnel-consent-${stepName}`;
}

/**
 * The consent disclosure right above a step's submit button, read before the visitor agrees. Its text content
 * is exactly `consent.text`: the words the lead's proof keeps are the words the visitor was shown,
 * so nothing may be added here (no "(opens in a new tab)", no icons with text). The terms and
 * privacy links are real links to this brand's pages, opening in the same tab like every other
 * link on the site. `data-consent` is the hook tests and the proof capture find it by.
 */
export function ConsentDisclosure({ consent, id }: { consent: StepConsent; id: string }) {
  return (
    <p id={id} className="funnel-consent" data-consent="">
      {consent.segments.map((segment, index) =>
        'link' in segment ? (
          <a key={index} href={CONSENT_LINKS[segment.link]}>
            {segment.text}
          </a>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </p>
  );
}
