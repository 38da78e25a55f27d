import type { Brand } from '../../../../brands/types.ts';
import { TEMPLATE_LABELS } from '../../../core/content/labels.ts';
import type { Language, PageConfig } from '../../../core/pages/types.ts';
import { CTC_LOCATIONS } from '../../phone/ctc-locations.ts';
import { LabelledNumber } from '../../phone/LabelledNumber.tsx';
import { PhoneLink } from '../../phone/PhoneLink.tsx';
import { usePageFacts } from '../../page-facts.tsx';
import { CallToAction } from './CallToAction.tsx';

/**
 * The closing block after the copy: the main call to action again, plus the displayed phone
 * number for visitors who would rather talk than click (unless the main action already is the call).
 */
export function ClosingCall({ page, brand, language }: { page: PageConfig; brand: Brand; language: Language }) {
  const { workingHours } = usePageFacts();
  if (!page.cta) return null;
  const labels = TEMPLATE_LABELS[language];
  return (
    <section className="closing-call" aria-labelledby="closing-heading" data-block-id="closing-cta">
      <h2 id="closing-heading">{labels.closingHeading}</h2>
      <div className="button-row">
        <CallToAction page={page} brand={brand} blockId="closing-cta-button" />
        {/* Inside hours the main action already leads with the phone; outside it the phone comes second. */}
        {page.ctaCall || workingHours ? null : (
          <PhoneLink className="button" defaultPhone={brand.phone} ctcLocation={CTC_LOCATIONS.closingCall}>
            {(phone) => <LabelledNumber label={labels.orCall} grouped={phone.grouped} />}
          </PhoneLink>
        )}
      </div>
    </section>
  );
}
