import type { ReactNode } from 'react';
import type { PhoneForms } from '../../core/marketplace/phone.ts';
import { useDisplayedPhone } from './use-displayed-phone.ts';

/** Props of {@link PhoneLink}. */
export interface PhoneLinkProps {
  /** The brand's configured number, shown while no lease is live. */
  defaultPhone: string;
  /** Where the link is, reported as the call event's ctcLocation (see CTC_LOCATIONS for the usual places). */
  ctcLocation: string;
  className?: string;
  /** The link's content from the displayed number; the grouped number by default. */
  children?: (phone: PhoneForms) => ReactNode;
}

/**
 * Every phone number the site shows (spec §3, §4): the displayed number (the live lease, else the
 * brand's default) as a `tel:+1…` link, its raw digits in `data-phone`, its grouped form
 * `(NNN) NNN-NNNN` as the text unless `children` says otherwise.
 *
 * The call event is sent by the document-wide click tracking (src/client/tracking/element-clicks.ts),
 * which reports every tel: link click, so no number is counted twice: `didNumber` is the digits of
 * this link's href (the number shown at the moment of the click), `ctcLocation` the nearest
 * `data-block-id`, which is this link's own, set to `ctcLocation`. `callDurationMs` is the time
 * until the visitor comes back to the page from the phone (src/client/tracking/call-durations.ts).
 *
 * `data-allow-external` lets the click through the client's navigation guard, which refuses
 * every other origin, tel: included, unless a link is explicitly allowed.
 */
export function PhoneLink({ defaultPhone, ctcLocation, className, children }: PhoneLinkProps) {
  const phone = useDisplayedPhone(defaultPhone);
  return (
    <a className={className} href={phone.tel} data-phone={phone.raw} data-block-id={ctcLocation} data-allow-external="">
      {children ? children(phone) : phone.grouped}
    </a>
  );
}
