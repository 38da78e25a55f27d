import type { ReviewQuote } from '../../core/content/review-quotes.ts';
import { reviewStripText } from '../../core/content/trust.ts';
import type { Language } from '../../core/pages/types.ts';

/**
 * The review strip: under the trust strip, each reviewed carrier with its review's first
 * pro and first con, quoted (`<q cite>` names the review). The quotes are in the reviews' English,
 * so a Spanish page marks them `lang="en"`. Nothing when the payload carries no quotes.
 */
export function ReviewStrip({ reviews, language }: { reviews: readonly ReviewQuote[] | undefined; language: Language }) {
  if (!reviews?.length) return null;
  const text = reviewStripText(language);
  const quoteLanguage = language === 'english' ? undefined : 'en';
  return (
    <section className="review-strip" data-block-id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="review-heading">
        {text.heading}
      </h2>
      <ul className="review-quotes">
        {reviews.map((review) => (
          <li key={review.carrier}>
            <span className="review-carrier">{review.carrier}</span>
            <span className="review-line">
              <span className="review-label">{text.pro}</span>{' '}
              <q cite={review.review} lang={quoteLanguage}>
                {review.pro}
              </q>
            </span>
            <span className="review-line">
              <span className="review-label">{text.con}</span>{' '}
              <q cite={review.review} lang={quoteLanguage}>
                {review.con}
              </q>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
