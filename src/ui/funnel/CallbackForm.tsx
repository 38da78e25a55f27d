/**
 * The call-back form of the end screens outside working hours: the visitor chooses when a licensed
 * agent calls them (a window of the coming open hours, in their own time zone) and, where the
 * funnel asked no phone (Medicare), the number to call; the consent disclosure stands above the
 * button it names. With JavaScript it posts JSON to `POST /api/leads/callback` and says the
 * booking in place; without, it is a plain form post to the same address, answered with a page.
 *
 * Its own module, so the end screen loads it lazily (`lazyPart`): it shows only outside hours,
 * and the funnel page's first load has no room for it. The phone the visitor types lives in this
 * component's memory only, never in the form buckets or any browser storage.
 */
import { useId, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { fillBrandFacts, type BrandFacts } from '../../core/content/brand-view.ts';
import { LEADS_CALLBACK_PATH } from '../../core/contract/callback-path.ts';
import { callbackConsent } from '../../core/funnels/callback-consent.ts';
import { CALLBACK_TEXT, callbackConfirmation } from '../../core/funnels/callback-text.ts';
import { callbackAsksPhone, callbackPhoneShape } from '../../core/leads/callback-rules.ts';
import { slotDay, slotHours, slotLabel } from '../../core/leads/callback-labels.ts';
import { visitorTimeZone } from '../../core/leads/visitor-time-zone.ts';
import { callbackSlots, type CallbackSlot } from '../../core/leads/callback-slots.ts';
import { LEAD_FIELD_RULES } from '../../core/leads/fields.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import type { LeadProduct } from '../../core/leads/product.ts';
import { useRuntime } from '../runtime.tsx';
import { ConsentDisclosure } from './ConsentDisclosure.tsx';

/** Props of {@link CallbackForm}. */
export interface CallbackFormProps {
  funnelId: string;
  product: LeadProduct;
  language: LeadLanguage;
  brand: BrandFacts;
  /** IANA zone of the visitor, e.g. 'America/New_York': the times are shown in it. */
  timeZone: string;
}

const noSubscription = () => () => undefined;
/** The page's utm_medium: none while rendering on the server and hydrating (the markup must match), then the address's. */
const pageUtmMedium = () => (typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('utm_medium') ?? ''));
const serverUtmMedium = () => '';

/** Where the form is: filling in, sending, booked (with what to say), or refused (problems by field). */
type FormState =
  | { kind: 'filling'; errors: { phone?: string; slot?: string; form?: string } }
  | { kind: 'sending' }
  | { kind: 'booked'; slot: CallbackSlot; phone: string | undefined };

/** The open days of `slots`, each with its windows, for the time list's groups. */
function byDay(slots: readonly CallbackSlot[], zone: string, language: LeadLanguage): Array<{ day: string; slots: CallbackSlot[] }> {
  const days: Array<{ day: string; slots: CallbackSlot[] }> = [];
  for (const slot of slots) {
    const day = slotDay(slot, zone, language);
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else days.push({ day, slots: [slot] });
  }
  return days;
}

/** The problems of a 400 answer, by the form's field they are about ('phone: …', 'slot: …'). */
function problemsByField(problems: readonly string[], language: LeadLanguage): { phone?: string; slot?: string; form?: string } {
  const errors: { phone?: string; slot?: string; form?: string } = {};
  for (const problem of problems) {
    if (problem.startsWith('phone: ')) errors.phone ??= problem.slice('phone: '.length);
    else if (problem.startsWith('slot: ')) errors.slot ??= CALLBACK_TEXT.timeProblem[language];
    else errors.form ??= CALLBACK_TEXT.failed[language];
  }
  return errors;
}

/**
 * The call-back form, or the booking once made.
 * @example
 * <CallbackForm funnelId="medicare" product="medicare" language="en" brand={brand} timeZone="America/New_York" />
 */
export function CallbackForm({ funnelId, product, language, brand, timeZone: zone }: CallbackFormProps) {
  // A zone this browser does not know is shown (and said) as Eastern rather than failing the form.
  const timeZone = visitorTimeZone(zone);
  const runtime = useRuntime();
  const lead = useSyncExternalStore(runtime.leads.subscribe, runtime.leads.getSnapshot, runtime.leads.getSnapshot);
  const utmMedium = useSyncExternalStore(noSubscription, pageUtmMedium, serverUtmMedium) || undefined;
  // The windows as of the first render: a form left open across a window's start is refused by
  // the server for that window, and says so.
  const [now] = useState(() => new Date());
  const slots = useMemo(() => callbackSlots(now, utmMedium ? { utmMedium } : {}), [now, utmMedium]);
  const days = useMemo(() => byDay(slots, timeZone, language), [slots, timeZone, language]);
  const consent = useMemo(() => callbackConsent(brand, language), [brand, language]);
  const asksPhone = callbackAsksPhone(product);
  const [state, setState] = useState<FormState>({ kind: 'filling', errors: {} });
  const id = useId();
  const ids = { heading: `${id}-heading`, phone: `${id}-phone`, slot: `${id}-slot`, consent: `${id}-consent`, status: `${id}-status` };
  const text = CALLBACK_TEXT;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typedEntry = form.get('phone');
    const typed = typeof typedEntry === 'string' ? typedEntry : '';
    const phone = asksPhone ? callbackPhoneShape(typed) : undefined;
    const slot = slots.find((candidate) => candidate.start === form.get('slot'));
    const errors: { phone?: string; slot?: string } = {};
    if (asksPhone && (phone === undefined || LEAD_FIELD_RULES.phone.read(phone) === undefined)) errors.phone = LEAD_FIELD_RULES.phone.message(language);
    if (!slot) errors.slot = text.timeProblem[language];
    if (errors.phone || errors.slot || !slot) return setState({ kind: 'filling', errors });
    // The lead this call-back is for: the one this page's capture stored.
    if (lead.status !== 'stored' || lead.funnel !== funnelId) return setState({ kind: 'filling', errors: { form: text.failed[language] } });
    setState({ kind: 'sending' });
    try {
      const response = await fetch(LEADS_CALLBACK_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          funnel: funnelId,
          slot: slot.start,
          ...(phone ? { phone } : {}),
          leadId: lead.leadId,
          pageUrl: location.href,
          timeZone,
          ...(utmMedium ? { utmMedium } : {}),
          consent: { text: consent.text, buttonLabel: consent.buttonLabel },
        }),
      });
      if (response.ok) return setState({ kind: 'booked', slot, phone });
      const answer = (await response.json().catch(() => undefined)) as { problems?: unknown } | undefined;
      const problems = Array.isArray(answer?.problems) ? answer.problems.map(String) : [];
      setState({ kind: 'filling', errors: response.status === 400 && problems.length > 0 ? problemsByField(problems, language) : { form: text.failed[language] } });
    } catch {
      setState({ kind: 'filling', errors: { form: text.failed[language] } });
    }
  }

  if (state.kind === 'booked') {
    return (
      <section data-end-block="callback" className="funnel-callback" aria-labelledby={ids.heading}>
        <h3 id={ids.heading}>{text.bookedHeading[language]}</h3>
        <p role="status" data-callback-booked="">
          {callbackConfirmation(language, slotLabel(state.slot, timeZone, language), state.phone)}
        </p>
      </section>
    );
  }

  const errors = state.kind === 'filling' ? state.errors : {};
  const sending = state.kind === 'sending';
  return (
    <section data-end-block="callback" className="funnel-callback" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>{text.heading[language]}</h3>
      {slots.length === 0 ? (
        <p>{text.noTimes[language]}</p>
      ) : (
        <form className="funnel-form" method="post" action={LEADS_CALLBACK_PATH} onSubmit={(event) => void submit(event)} noValidate>
          <p className="funnel-callback-intro">{fillBrandFacts(text.intro[language], brand)}</p>
          <input type="hidden" name="funnel" value={funnelId} />
          <input type="hidden" name="timeZone" value={timeZone} />
          {utmMedium ? <input type="hidden" name="utmMedium" value={utmMedium} /> : null}
          {asksPhone ? (
            <div className={`field${errors.phone ? ' field-invalid' : ''}`}>
              <label className="field-label" htmlFor={ids.phone}>
                {text.phoneLabel[language]}
              </label>
              <p id={`${ids.phone}-hint`} className="field-hint">
                {text.phoneHint[language]}
              </p>
              {errors.phone ? (
                <p id={`${ids.phone}-error`} className="field-error" role="alert">
                  {errors.phone}
                </p>
              ) : null}
              <input
                id={ids.phone}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                required
                aria-invalid={errors.phone ? true : undefined}
                aria-describedby={errors.phone ? `${ids.phone}-hint ${ids.phone}-error` : `${ids.phone}-hint`}
              />
            </div>
          ) : null}
          <div className={`field${errors.slot ? ' field-invalid' : ''}`}>
            <label className="field-label" htmlFor={ids.slot}>
              {text.timeLabel[language]}
            </label>
            {errors.slot ? (
              <p id={`${ids.slot}-error`} className="field-error" role="alert">
                {errors.slot}
              </p>
            ) : null}
            <select id={ids.slot} name="slot" required defaultValue="" aria-invalid={errors.slot ? true : undefined} aria-describedby={errors.slot ? `${ids.slot}-error` : undefined}>
              <option value="" disabled>
                {text.timeChoose[language]}
              </option>
              {days.map(({ day, slots: ofDay }) => (
                <optgroup key={day} label={day}>
                  {ofDay.map((slot) => (
                    <option key={slot.start} value={slot.start}>
                      {`${day}, ${slotHours(slot, timeZone, language)}`}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          {errors.form ? (
            <p className="field-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          {/* The disclosure above the button it names, as the contact step's. */}
          <ConsentDisclosure consent={consent} id={ids.consent} />
          <div className="funnel-actions">
            <button type="submit" className="button" aria-describedby={ids.consent} disabled={sending}>
              {consent.buttonLabel}
            </button>
          </div>
          <p className="visually-hidden" role="status">
            {sending ? text.sending[language] : ''}
          </p>
        </form>
      )}
    </section>
  );
}
