import { ApiError } from '../shared/errors.ts';
import { externalPartner, type ExternalPartnerPlatform } from './external-partner.ts';
import { internalPartner } from './internal-partner.ts';
import type { PartnerAdapter } from './partner-adapter.ts';
import type { PartnerCity } from './partner-cities.repository.ts';

export const partnerUnavailableMessage = 'The partner is not available, please try again later';
export const partnerCityNotFoundMessage = 'Partner city not found';

/**
 * Which adapter serves each partner city: internal ones share one; each external one has its
 * platform's, connected in code or, failing that, reached over HTTPS with the settings its
 * operator saved in the back office (`platformOf`, decision 031).
 */
export class PartnerDirectory {
  readonly #external = new Map<number, PartnerAdapter>();
  readonly #platformOf: ((partnerCityId: number) => ExternalPartnerPlatform) | undefined;

  constructor(platformOf?: (partnerCityId: number) => ExternalPartnerPlatform) {
    this.#platformOf = platformOf;
  }

  /** Connects an external partner city to its platform's client. */
  connect(partnerCityId: number, platform: ExternalPartnerPlatform): void {
    this.#external.set(partnerCityId, externalPartner(platform));
  }

  adapterFor(city: PartnerCity): PartnerAdapter {
    if (city.kind === 'internal') return internalPartner;
    const adapter =
      this.#external.get(city.id) ?? (this.#platformOf === undefined ? undefined : externalPartner(this.#platformOf(city.id)));
    if (adapter === undefined) throw new ApiError(503, 'partner_unavailable', partnerUnavailableMessage);
    return adapter;
  }
}
