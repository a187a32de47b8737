import type { EngineRoom } from '../../../contract/api/distribution.ts';
import { apiRequest } from '../../core/api.ts';

/** The rooms members may host in, as the public list gives them: for the filters and forms of the Revenue and Machines tabs. */
export const loadRooms = () => apiRequest<EngineRoom[]>('GET', '/v1/engineRoom', undefined, { anonymous: true });
