import { Fragment, type ReactNode } from 'react';

/** A US phone number as funnel copy writes it: `(555) 123-4567`, `555-123-4567`, `1 800 555 0101`. */
const PHONE_NUMBER = /(?:\+?1[ .-]?)?(?:\(\d{3}\)|\d{3})[ .-]?\d{3}[ .-]\d{4}/g;

/**
 * `text` with every phone number in it kept on one line: a number broken after
 * "(555)" reads as two numbers, and is hard to dial from. The text content is unchanged, only
 * wrapped in a `white-space: nowrap` span; text without a number is returned as it is.
 */
export function keepPhonesWhole(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PHONE_NUMBER)) {
    const start = match.index;
    if (start > last) parts.push(<Fragment key={`t${last}`}>{text.slice(last, start)}</Fragment>);
    parts.push(
      <span key={`p${start}`} className="nowrap">
        {match[0]}
      </span>,
    );
    last = start + match[0].length;
  }
  if (parts.length === 0) return text;
  if (last < text.length) parts.push(<Fragment key={`t${last}`}>{text.slice(last)}</Fragment>);
  return parts;
}
