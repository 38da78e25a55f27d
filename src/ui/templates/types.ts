import type { PagePayload } from '../../core/payload/types.ts';

/** Props every page template receives. */
export interface TemplateProps {
  payload: PagePayload;
}
