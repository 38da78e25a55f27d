/**
 * Names and titles of page views as the tag manager sees them (spec §7 "Other traffic").
 */

/** Separator between the parts of a page-view name and of a data-layer page title. */
export const PAGE_VIEW_NAME_SEPARATOR = ' - ';

/**
 * The page-view name (spec §7): page name, then the template name, then the step name, joined
 * with ' - ' and leaving out parts that are missing or empty. 'ac-v1', 'quiz', 'zip' gives
 * 'ac-v1 - quiz - zip'; a static page with no template or step is just its page name.
 */
export function pageViewName(pageName: string, template?: string | null, step?: string | null): string {
  const parts = [pageName, template, step].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.join(PAGE_VIEW_NAME_SEPARATOR);
}

/**
 * The page title given to the tag manager (spec §7): 'page title - brand name'; the brand name
 * alone when the page has no title, as the document title does (spec §2).
 */
export function pageTitleForDataLayer(title: string | null | undefined, brandName: string): string {
  return title ? `${title}${PAGE_VIEW_NAME_SEPARATOR}${brandName}` : brandName;
}
