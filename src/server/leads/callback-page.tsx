/**
 * The page answering the call-back form's plain post (no JavaScript): the booking, or why it was
 * refused with a way back. A page of its own, without scripts or styles, so it needs nothing but
 * the words; the visitor's number is shown masked, and the address carries nothing personal.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { CALLBACK_TEXT, callbackConfirmation } from '../../core/funnels/callback-text.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';

/** What the page says: booked (the window's words, the masked number) or refused (the visitor's problems). */
export type CallbackPageContent = { kind: 'booked'; when: string; phone?: string | undefined } | { kind: 'refused'; problems: string[] };

/** The page as HTML, in `language`, with a link `back` to where the form was. */
export function callbackPage(content: CallbackPageContent, language: LeadLanguage, back: string): string {
  const heading = content.kind === 'booked' ? CALLBACK_TEXT.bookedHeading[language] : CALLBACK_TEXT.refusedHeading[language];
  const body = (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{heading}</title>
      </head>
      <body>
        <main>
          <h1>{heading}</h1>
          {content.kind === 'booked' ? (
            <p role="status">{callbackConfirmation(language, content.when, content.phone)}</p>
          ) : (
            <ul role="alert">
              {content.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          <p>
            <a href={back}>{content.kind === 'booked' ? CALLBACK_TEXT.back[language] : CALLBACK_TEXT.tryAgain[language]}</a>
          </p>
        </main>
      </body>
    </html>
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(body)}`;
}
