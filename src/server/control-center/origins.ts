/**
 * Where a browser reaches a brand's site and the control center from each other (links
 * from the control center to brand pages, and a preview's hops between the two hosts). In
 * development (`{id}.localhost:PORT`) every brand is on the same port under localhost; otherwise
 * each is at its first exact domain.
 */
import type { FastifyRequest } from 'fastify';
import { brandById } from '../../../brands/index.ts';
import type { Brand } from '../../../brands/types.ts';
import { CONTROL_CENTER_BRAND } from '../../core/control-center/paths.ts';

/** The origin of `brand` as seen from the host this request came to. */
export function brandOrigin(request: FastifyRequest, brand: Brand): string {
  const { hostname, port } = new URL(`http://${request.host}`);
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return `${request.protocol}://${brand.id}.localhost${port ? `:${port}` : ''}`;
  const domain = brand.domains.find((candidate) => !candidate.includes('*') && !candidate.endsWith('.localhost')) ?? `${brand.id}.localhost`;
  return `https://${domain}`;
}

/** The control center's origin as seen from the (brand) host this request came to. */
export function controlCenterOrigin(request: FastifyRequest): string {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the control center is a registered brand (brands/ccc.ts)
  return brandOrigin(request, brandById(CONTROL_CENTER_BRAND)!);
}
