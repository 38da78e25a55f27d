/**
 * The review strip ("a short rating or review strip from the brand's own review content"): for
 * each carrier a brand links to its own review of (ac's /reviews/{carrier}), the first pro and
 * the first con of that review, quoted word for word, so the strip says what the
 * review says, the good with the bad. No star rating: the reviews quote none (Medicare rates each
 * plan contract, not a carrier), so the strip invents none. A brand whose site serves no reviews
 * has no review content of its own and shows no strip. Built on the server and carried in the
 * payload, so the reviews' copy stays out of the visitor bundle.
 */
import type { Brand, Product } from '../../../brands/types.ts';
import { href } from '../router/route-patterns.ts';
import { REVIEW_THEMES } from './copy/reviews.ts';
import { REVIEWED_CARRIERS } from './themes.ts';
import { trustStripProduct, type TrustStripPage } from './trust.ts';

/** One carrier's line of the review strip, quoted from the brand's review of it (written in English). */
export interface ReviewQuote {
  carrier: string;
  /** Path of the review quoted. */
  review: string;
  /** The review's first pro, word for word. */
  pro: string;
  /** The review's first con, word for word. */
  con: string;
}

/** The first item of the review section `id` ('pros', 'cons') of the review of `slug`. */
function firstItem(slug: (typeof REVIEWED_CARRIERS)[number], id: string): string | undefined {
  return REVIEW_THEMES[`review-${slug}`].copy.english?.sections?.find((section) => section.id === id)?.items?.[0];
}

/**
 * The review strip of `brand`'s pages about `product`: one quote pair per carrier it names for the
 * product and links to its own review of, in the brand's order; empty when it links none.
 */
export function reviewQuotes(brand: Pick<Brand, 'carriers'>, product: Product): ReviewQuote[] {
  return (brand.carriers?.[product] ?? []).flatMap((carrier) => {
    const slug = REVIEWED_CARRIERS.find((candidate) => carrier.review === href(`reviews-${candidate}`));
    const pro = slug && firstItem(slug, 'pros');
    const con = slug && firstItem(slug, 'cons');
    return carrier.review && pro && con ? [{ carrier: carrier.name, review: carrier.review, pro, con }] : [];
  });
}

/**
 * The payload facts {@link withReviewQuotes} reads and writes; a PagePayload is one (typed here, not
 * imported: the payload's type imports ReviewQuote from this file).
 */
interface ReviewStripPage extends TrustStripPage {
  brand: Pick<Brand, 'defaultProduct' | 'carriers'>;
  reviews?: readonly ReviewQuote[];
}

/**
 * `payload` with the review strip of its trust strip's product, when the page shows a trust strip
 * and the brand has reviews to quote; `quotes` gives a brand's quotes (the server's site content).
 */
export function withReviewQuotes<Payload extends ReviewStripPage>(payload: Payload, quotes: (brand: Pick<Brand, 'carriers'>, product: Product) => readonly ReviewQuote[] = reviewQuotes): Payload {
  const product = trustStripProduct(payload);
  const reviews = product ? quotes(payload.brand, product) : [];
  return reviews.length > 0 ? { ...payload, reviews } : payload;
}
