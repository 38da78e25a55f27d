import type { Brand } from '../../../../brands/types.ts';
import { ctaHref, fillBrandFacts } from '../../../core/content/brand-view.ts';
import type { PageConfig } from '../../../core/pages/types.ts';
import { PhoneLink } from '../../phone/PhoneLink.tsx';

/**
 * The page's main call to action: a button-styled link to its destination or, on call pages,
 * to the displayed phone number (its copy's {phone} is that number too), reported by its block id.
 */
export function CallToAction({ page, brand, blockId }: { page: PageConfig; brand: Brand; blockId: string }) {
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
  return (
    <a className="button button-primary cta-button" href={href} data-block-id={blockId}>
      {fillBrandFacts(cta, brand)}
    </a>
  );
}
