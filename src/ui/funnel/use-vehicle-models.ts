/**
 * The vehicle model catalog in the browser: page payloads carry only
 * its address (FunnelDefinition.vehicleModelsHref), and the catalog is fetched once per page life
 * from there (a hashed, immutable file the browser also keeps in its cache) as soon as a step that
 * lists models shows: the model list follows the make and year on the same screen, so it is in
 * while the visitor chooses them.
 */
import { useEffect, useState } from 'react';
import type { FunnelDefinition, FunnelStep, VehicleModelCatalog } from '../../core/funnels/types.ts';

/** Fetches under way or done, by address; a failed one is forgotten so a later step tries again. */
const fetches = new Map<string, Promise<VehicleModelCatalog>>();
/** Catalogs that have arrived, by address: a step mounted after that lists models from its first render. */
const arrived = new Map<string, VehicleModelCatalog>();

function fetchCatalog(href: string): Promise<VehicleModelCatalog> {
  let pending = fetches.get(href);
  if (!pending) {
    pending = fetch(href, { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<VehicleModelCatalog>) : Promise.reject(new Error(`${href}: ${response.status}`))))
      .then((catalog) => {
        arrived.set(href, catalog);
        return catalog;
      });
    pending.catch(() => fetches.delete(href));
    fetches.set(href, pending);
  }
  return pending;
}

/**
 * The catalog `step` lists models from: on the server and while hydrating, what the payload
 * carries (the answered makes' models of a no-JavaScript page, else none), so the first render
 * matches the HTML; then the whole catalog once fetched. Undefined on a step that lists none; a
 * failed fetch leaves the model a typed answer.
 */
export function useVehicleModels(funnel: FunnelDefinition, step: FunnelStep): VehicleModelCatalog | undefined {
  const href = funnel.vehicleModelsHref;
  const lists = step.fields.some((field) => field.modelsOf !== undefined);
  // Only a client navigation finds one arrived: during hydration nothing was fetched yet.
  const [fetched, setFetched] = useState(() => (lists && href ? arrived.get(href) : undefined));
  useEffect(() => {
    if (!href || fetched || !lists) return;
    let mounted = true;
    fetchCatalog(href).then(
      (catalog) => mounted && setFetched(catalog),
      (error: unknown) => console.error('Failed to load the vehicle models', error),
    );
    return () => {
      mounted = false;
    };
  }, [href, lists, fetched]);
  return lists ? (fetched ?? funnel.vehicleModels) : undefined;
}
