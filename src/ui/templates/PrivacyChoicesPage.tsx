import { useEffect, useRef, useState, type FormEvent } from 'react';
import { choiceDate, PRIVACY_CHOICES_TEXT, PRIVACY_POLICY_PATH } from '../../core/content/copy/privacy-choices.ts';
import { isPrivacyChoice } from '../../core/contract/checks.ts';
import { PRIVACY_OPT_OUT_PATH } from '../../core/contract/paths.ts';
import type { PrivacyChoice, PrivacyOptOutRequest } from '../../core/contract/privacy-choices.ts';
import { BodyCopy } from './blocks/BodyCopy.tsx';
import { PageSections } from './blocks/PageSections.tsx';
import type { TemplateProps } from './types.ts';

/** What the tag manager reads in this page: its data layer, and Google Analytics' opt-out switches. */
type TaggedWindow = Window & { dataLayer?: { push(...items: unknown[]): number } } & Record<string, unknown>;

/**
 * Stops the tags already running in this tab at once (the next page load is rendered without the
 * tag manager): Google's documented switch that stops Google Analytics sending hits for the
 * brand's measurement id (`window['ga-disable-G-…'] = true`), and a data layer that takes nothing
 * more, so no later page view or click reaches a tag.
 */
function stopTagsNow(measurementId: string | undefined): void {
  const view = window as unknown as TaggedWindow;
  if (measurementId) view[`ga-disable-${measurementId}`] = true;
  if (view.dataLayer) view.dataLayer.push = () => 0;
}

/**
 * The choice saved with JavaScript during this page load. Coming back to the page by client
 * navigation may show a payload fetched (or cached for Back) before the choice was made; the page
 * must still say what was chosen.
 */
let savedThisVisit: PrivacyChoice | undefined;

/**
 * "Do not sell or share my personal information": the browser's recorded choice (or
 * the Global Privacy Control signal it sends) and one button to opt out, then what selling and
 * sharing mean here and what the choice changes.
 *
 * The button is a plain form post to the opt-out endpoint, which answers a form with a redirect
 * back here, so it works without JavaScript. With JavaScript the same choice is sent as JSON and
 * the answer shown in place, focused so a screen reader reads it; if that fails for any reason,
 * the form is posted the plain way instead.
 */
export function PrivacyChoicesPage({ payload }: TemplateProps) {
  const { page, brand } = payload;
  const { language } = payload.route;
  const text = PRIVACY_CHOICES_TEXT[language];
  // A choice saved with JavaScript wins over the one the payload was built with. On a direct load
  // none is saved yet, so the first render matches the server's for hydration.
  const [saved, setSaved] = useState<PrivacyChoice | undefined>(savedThisVisit);
  const [saving, setSaving] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const focusAnswer = useRef(false);
  const choice = saved ?? payload.privacy;
  const optedOutAt = choice?.optedOutAt ?? null;

  // The button is gone once the choice is saved: focus its answer rather than lose focus to the page.
  useEffect(() => {
    if (!focusAnswer.current) return;
    focusAnswer.current = false;
    statusRef.current?.focus();
  }, [saved]);

  const optOut = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const form = event.currentTarget;
    setSaving(true);
    try {
      const body: PrivacyOptOutRequest = { choice: 'opt-out', language };
      const response = await fetch(PRIVACY_OPT_OUT_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer: unknown = response.ok ? await response.json() : undefined;
      if (!isPrivacyChoice(answer)) throw new Error(`the privacy choice was not saved (${response.status})`);
      stopTagsNow(brand.measurementId);
      savedThisVisit = answer;
      focusAnswer.current = true;
      setSaved(answer);
    } catch {
      form.submit();
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="content-page template-privacy-choices" data-block-id="privacy-choices">
      <header className="page-hero" data-block-id="hero">
        <h1>{page.headline ?? page.title}</h1>
        {page.subheadline ? <p className="subheadline">{page.subheadline}</p> : null}
      </header>
      <section className="privacy-choice" aria-labelledby="privacy-choice-heading" data-block-id="privacy-choice">
        <h2 id="privacy-choice-heading">{text.heading}</h2>
        <div className="privacy-choice-status" ref={statusRef} tabIndex={-1} data-opted-out={optedOutAt ? '' : undefined}>
          {optedOutAt ? (
            <>
              <p className="privacy-choice-date">{text.optedOutOn(choiceDate(optedOutAt, language))}</p>
              <p>{text.optedOutMeans}</p>
              {choice?.gpc ? <p>{text.gpcAlso}</p> : null}
            </>
          ) : (
            <p>{choice?.gpc ? text.gpcOnly : text.notYet}</p>
          )}
        </div>
        {optedOutAt ? null : (
          <form method="post" action={PRIVACY_OPT_OUT_PATH} onSubmit={(event) => void optOut(event)}>
            <input type="hidden" name="choice" value="opt-out" />
            <input type="hidden" name="language" value={language} />
            <button type="submit" className="button button-primary privacy-choice-button">
              {saving ? text.saving : text.button}
            </button>
          </form>
        )}
      </section>
      <BodyCopy paragraphs={page.body} html={page.bodyHtml} brand={brand} />
      <PageSections sections={page.sections} brand={brand} />
      <p className="privacy-choice-policy">
        <a href={PRIVACY_POLICY_PATH} hrefLang={language === 'english' ? undefined : 'en'}>
          {text.privacyPolicy}
        </a>
      </p>
    </article>
  );
}
