import { ApiError } from '../shared/errors.ts';
import { externalPartner, type ExternalPartnerPlatform } from './external-partner.ts';
import { internalPartner } from './internal-partner.ts';
import type { PartnerAdapter } from './partner-adapter.ts';
import type { PartnerCity } from './partner-cities.repository.ts';

export const partnerUnavailableMessage = 'The partner is not available, please try again later';
export const partnerCityNotFoundMessage = 'Partner city not found';

/** Which adapter serves each partner city: internal ones share one; each external one has its platform's. */
export class PartnerDirectory {
  readonly #external = new Map<number, PartnerAdapter>();

  /** Connects an external partner city to its platform's client. */
  connect(partnerCityId: number, platform: ExternalPartnerPlatform): void {
    this.#external.set(partnerCityId, externalPartner(platform));
  }

  adapterFor(city: PartnerCity): PartnerAdapter {
    if (city.kind === 'internal') return internalPartner;
    const adapter = this.#external.get(city.id);
    if (adapter === undefined) throw new ApiError(503, 'partner_unavailable', partnerUnavailableMessage);
    return adapter;
  }
}
