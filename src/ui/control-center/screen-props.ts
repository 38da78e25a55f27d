/**
 * What every control-center screen gets. A file of its own so the screens need not import the
 * screen table (screens.ts), which imports them.
 */
import type { PagePayload } from '../../core/payload/types.ts';

/** What every screen gets: the page payload (route name and params: branch, page, image…). */
export interface ScreenProps {
  payload: PagePayload;
}
