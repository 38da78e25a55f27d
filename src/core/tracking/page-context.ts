/**
 * The page fields of the event context (spec §3: page name, smid, xsmid, title, product,
 * benefits, plan types, language, template) from the page's payload.
 */
import type { Payload } from '../payload/types.ts';
import type { EventPageContext } from './context.ts';

/** Page name of an error page: its status, e.g. 'error-404', so reports can count broken links. */
export function errorPageName(status: number): string {
  return `error-${status}`;
}

/** The page context of `payload`: the route name and the page configuration's fields; absent ones are null or empty. */
export function eventPageContext(payload: Payload): EventPageContext {
  if (payload.kind === 'error') {
    return {
      name: errorPageName(payload.status),
      smid: null,
      xsmid: null,
      title: payload.statusMessage,
      product: null,
      benefits: [],
      planTypes: [],
      language: payload.language,
      template: null,
    };
  }
  const { route, page } = payload;
  return {
    name: route.name,
    smid: route.smid ?? null,
    xsmid: route.xsmid ?? null,
    title: page.title ?? null,
    product: page.product ?? null,
    benefits: page.benefits ?? [],
    planTypes: page.planTypes ?? [],
    language: route.language,
    template: page.template,
  };
}
