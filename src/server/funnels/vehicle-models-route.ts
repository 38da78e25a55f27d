/**
 * `GET /data/vehicle-models.{hash}.json` (to keep page payloads small): each vehicle model catalog
 * a funnel carries, as the static file the browser fetches when an auto funnel is about to list a
 * make's models (ui/funnel/use-vehicle-models.ts), instead of the catalog riding in every page
 * payload. The address names the hash of the JSON, so the file is cached for a year as immutable;
 * the compression plugin compresses it like any JSON.
 */
import type { FastifyInstance } from 'fastify';
import { FUNNELS } from '../../core/funnels/index.ts';
import { catalogFile } from '../../core/funnels/vehicles/catalog-address.ts';

/** A year, the longest cache lifetime worth asking for. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Registers one route per distinct catalog of the funnels. */
export async function vehicleModelsPlugin(app: FastifyInstance): Promise<void> {
  const catalogs = new Set(Object.values(FUNNELS).flatMap((funnel) => (funnel.vehicleModels ? [funnel.vehicleModels] : [])));
  for (const catalog of catalogs) {
    const { href, json } = catalogFile(catalog);
    app.get(href, async (_request, reply) => reply.header('cache-control', IMMUTABLE).type('application/json; charset=utf-8').send(json));
  }
}
