/**
 * A button's label and the phone number after it, as one run of text: "Or call (888) 555-0102".
 * A `.button` is a flex box, where a bare label and the number's span would be two flex items and
 * the space between them dropped ("Or call(888) 555-0102"); wrapped in one span they share a line
 * box and the space stays. The number itself never breaks.
 *
 * @example
 * <PhoneLink className="button" defaultPhone={brand.phone} ctcLocation="closing-call">
 *   {(phone) => <LabelledNumber label="Or call" grouped={phone.grouped} />}
 * </PhoneLink>
 */
export function LabelledNumber({ label, grouped }: { label: string; grouped: string }) {
  return (
    <span>
      {label} <span className="nowrap">{grouped}</span>
    </span>
  );
}
