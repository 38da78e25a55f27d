/**
 * The models a make offered in a model year, read from the catalog a funnel definition carries
 * (FunnelDefinition.vehicleModels). Holds no data itself, so the browser code that lists a make's
 * models stays small: the browser fetches the catalog from its own cacheable address when an auto
 * funnel is about to list models (ui/funnel/use-vehicle-models.ts).
 */
import type { VehicleModelCatalog } from '../types.ts';

/** Alphabetical as people read lists: case-blind, numbers by value ('3 Series' before '10'). */
export function byName(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
}

/**
 * The models of `make` sold in model year `year`, alphabetical and each once; empty when the
 * catalog has no such make (one typed under "Other") or no model of it in that year (an older
 * car's year typed under "Other"): those models are typed instead.
 */
export function modelsOf(catalog: VehicleModelCatalog, make: string, year: string): string[] {
  const models = (Object.hasOwn(catalog, make) ? catalog[make] : undefined) ?? [];
  const wanted = /^\d{4}$/.test(year) ? Number(year) : Number.NaN;
  const sold = models.filter(([, first, last]) => wanted >= first && wanted <= (last ?? Number.POSITIVE_INFINITY));
  return [...new Set(sold.map(([model]) => model))].sort(byName);
}
