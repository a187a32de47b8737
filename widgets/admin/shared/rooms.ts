import type { LocalisedNames } from '../../core/local-name.ts';
import { apiRequest } from '../../core/api.ts';

/** An engine room as the public list gives it. */
export interface Room {
  id: number;
  name: string;
  /** The name in each language (shown with localName), as members see it. */
  names?: LocalisedNames;
}

/** The rooms, for the filters and forms of the Revenue tab. */
export const loadRooms = () => apiRequest<Room[]>('GET', '/v1/engineRoom', undefined, { anonymous: true });
