/**
 * The vehicle choices the auto funnel's definition offers, from the data set (makes-models.ts):
 * the model years, the makes, and the catalog of models the definition carries (models-of.ts
 * reads it; the browser fetches it from its address, catalog-address.ts). Server side only: the
 * data never enters the visitor bundle.
 */
import { latestVehicleYear } from '../../leads/fields.ts';
import type { VehicleModelCatalog } from '../types.ts';
import { FIRST_MODEL_YEAR, LAST_MODEL_YEAR, VEHICLE_MODELS } from './makes-models.ts';
import { byName } from './models-of.ts';

/** The data set, typed as the funnel definition carries it. */
export const VEHICLE_CATALOG: VehicleModelCatalog = VEHICLE_MODELS;

/** Every make of the data set, alphabetical. */
export const VEHICLE_MAKES: readonly string[] = Object.keys(VEHICLE_MODELS).sort(byName);

/**
 * The model years offered, newest first: the data set's years, up to the newest a lead accepts on
 * `today` (latestVehicleYear), so a year offered is never refused. Older cars choose "Other".
 */
export function modelYearChoices(today?: { year: number }): string[] {
  const newest = Math.min(LAST_MODEL_YEAR, latestVehicleYear(today));
  return Array.from({ length: newest - FIRST_MODEL_YEAR + 1 }, (_, index) => String(newest - index));
}
