import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { EnabledPartnerSite, PartnerSiteDirectory } from './partner-site-directory.ts';

/** The header the session frame sends every API request with: the partner page it serves. */
export const partnerOriginHeader = 'x-partner-origin';

/** The header as routes that record attribution declare it (registration, new orders). */
export const partnerOriginHeaders = Type.Object({
  [partnerOriginHeader]: Type.Optional(
    Type.String({
      description: 'The partner page the request came through, for attribution only; unknown or disabled origins are ignored',
    }),
  ),
});

/** This server's own origins: the one the request reached (scheme and Host) and PUBLIC_URL, when set. */
export function ownOrigins(request: FastifyRequest): string[] {
  const origins = [`${request.protocol}://${request.host}`.toLowerCase()];
  const { publicUrl } = request.server.config;
  if (publicUrl !== undefined) origins.push(publicUrl.toLowerCase());
  return origins;
}

/** True for this server's own origin and for an enabled partner site's. */
export function isAllowedOrigin(request: FastifyRequest, origin: string | undefined): boolean {
  if (origin === undefined || origin === '') return false;
  return ownOrigins(request).includes(origin) || request.server.partnerSites.find(origin) !== undefined;
}

/**
 * The enabled partner site a request says it came through (the X-Partner-Origin header the session
 * frame adds), for attribution only. Anyone can send this header with any value, so it is a claim,
 * never a credential: it may label a registration or an order with a site, and must never grant,
 * widen or skip anything. An unknown or disabled origin is ignored.
 */
export function partnerSiteOf(
  directory: PartnerSiteDirectory,
  headers: { [partnerOriginHeader]?: string | undefined },
): EnabledPartnerSite | undefined {
  const claimed = headers[partnerOriginHeader];
  if (typeof claimed !== 'string' || claimed === '') return undefined;
  return directory.find(claimed);
}
