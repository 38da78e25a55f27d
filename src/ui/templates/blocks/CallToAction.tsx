import type { Brand } from '../../../../brands/types.ts';
import { ctaHref, fillBrandFacts } from '../../../core/content/brand-view.ts';
import type { PageConfig } from '../../../core/pages/types.ts';
import { LabelledNumber } from '../../phone/LabelledNumber.tsx';
import { PhoneLink } from '../../phone/PhoneLink.tsx';
import { usePageFacts } from '../../page-facts.tsx';

/**
 * The page's main call to action: a button-styled link to its destination or, on call pages,
 * to the displayed phone number (its copy's {phone} is that number too), reported by its block id.
 * The link to the destination is a learn-more control (a learnMoreClicked event from its block).
 * Inside working hours a page with an online form offers the phone number first (spec §4);
 * outside them, only the form.
 */
export function CallToAction({ page, brand, blockId }: { page: PageConfig; brand: Brand; blockId: string }) {
  const { workingHours: open, language } = usePageFacts();
  const cta = page.cta;
  if (!cta) return null;
  if (page.ctaCall) {
    return (
      <PhoneLink className="button button-primary cta-button" defaultPhone={brand.phone} ctcLocation={blockId}>
        {(phone) => fillBrandFacts(cta, { ...brand, phone: phone.raw })}
      </PhoneLink>
    );
  }
  const href = ctaHref(page, brand);
  if (!href) return null;
  const formLink = (
    <a className={`button ${open ? '' : 'button-primary '}cta-button`} href={href} data-block-id={blockId} data-learn-more="">
      {fillBrandFacts(cta, brand)}
    </a>
  );
  if (!open) return formLink;
  return (
    <div className="button-row cta-row" data-working-hours="open">
      <PhoneLink className="button button-primary cta-button" defaultPhone={brand.phone} ctcLocation={`${blockId}-call`}>
        {(phone) => <LabelledNumber label={CALL_NOW[language]} grouped={phone.grouped} />}
      </PhoneLink>
      {formLink}
    </div>
  );
}

/** Label of the phone-first button inside working hours. */
const CALL_NOW = { english: 'Call now:', spanish: 'Llame ahora:' } as const;
