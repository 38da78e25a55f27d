/**
 * Where the "Do not sell or share" page is, per language, apart from the page's copy
 * (privacy-choices.ts): every visitor page's footer links to it, and a module of its own keeps that
 * page's words out of every page's first-load JavaScript (about 0.9 KiB gzip).
 */
import type { Language } from '../../pages/types.ts';
import { href } from '../../router/route-patterns.ts';

/** Where the page is, per language (the routes privacy-choices and privacy-choices-es): the footer's link and the endpoint's redirect. */
export const PRIVACY_CHOICES_PATHS: Readonly<Record<Language, string>> = { english: href('privacy-choices'), spanish: href('privacy-choices-es') };
