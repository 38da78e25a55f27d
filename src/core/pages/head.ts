import type { Payload } from '../payload/types.ts';
import { LANGUAGE_TAGS } from './types.ts';

/** The document title: page title + ' - ' + site name, or the site name alone (spec §2). */
export function documentTitle(pageTitle: string | undefined, siteName: string): string {
  return pageTitle ? `${pageTitle} - ${siteName}` : siteName;
}

/** Everything `<head>` shows for a payload, computed once so server and client agree. */
export interface HeadFacts {
  title: string;
  description?: string;
  robots: string;
  lang: string;
  favicon: { href: string; type: string };
  forcedColorMode?: 'light' | 'dark';
}

/** Builds the head facts: pages are noindex unless indexable; error pages are always noindex. */
export function headFacts(payload: Payload): HeadFacts {
  const { brand } = payload;
  const favicon = { href: brand.favicon.src, type: brand.favicon.src.endsWith('.svg') ? 'image/svg+xml' : 'image/png' };
  if (payload.kind === 'error') {
    return { title: documentTitle(payload.statusMessage, brand.name), robots: 'noindex, nofollow', lang: LANGUAGE_TAGS[payload.language], favicon };
  }
  const { page, route } = payload;
  return {
    title: documentTitle(page.title, brand.name),
    ...(page.description ? { description: page.description } : {}),
    robots: page.indexable ? 'index, follow' : 'noindex, nofollow',
    lang: LANGUAGE_TAGS[route.language],
    favicon,
    ...(page.colorMode ? { forcedColorMode: page.colorMode } : {}),
  };
}
