/**
 * The address of a vehicle model catalog as a static, cacheable file (kept out of
 * page payloads): `/data/vehicle-models.{hash}.json`, the hash taken of the catalog's JSON, so the
 * address changes exactly when the data does and the browser may keep the file for a year.
 * Server side only (it reads the catalog the funnels carry).
 */
import type { VehicleModelCatalog } from '../types.ts';

/** The folder the catalogs are served under (server/funnels/vehicle-models-route.ts). */
export const VEHICLE_MODELS_PREFIX = '/data/vehicle-models.';

/** 32-bit FNV-1a of `text` as 8 hex digits: a cache key for a file, not a security measure. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A catalog as the file the browser fetches: its address and its JSON text. */
export interface CatalogFile {
  href: string;
  json: string;
}

const files = new WeakMap<VehicleModelCatalog, CatalogFile>();

/** The file of `catalog`, built once per catalog object. */
export function catalogFile(catalog: VehicleModelCatalog): CatalogFile {
  let file = files.get(catalog);
  if (!file) {
    const json = JSON.stringify(catalog);
    file = { href: `${VEHICLE_MODELS_PREFIX}${fnv1a(json)}.json`, json };
    files.set(catalog, file);
  }
  return file;
}
