/**
 * The tag manager's data layer in the page (spec §7 "Other traffic"): `window.dataLayer`, the
 * array the GTM container script reads.
 */
import type { DataLayerEntry } from '../../core/tracking/data-layer.ts';

/** A window with the tag manager's data layer. */
export type DataLayerWindow = { dataLayer?: unknown[] };

/**
 * Pushes `entry` onto `window.dataLayer`, creating the array when the container script has not
 * yet. The array's `push` is looked up every time: once loaded, GTM replaces it with its own.
 */
export function pushToDataLayer(view: DataLayerWindow, entry: DataLayerEntry): void {
  view.dataLayer ??= [];
  view.dataLayer.push(entry);
}
