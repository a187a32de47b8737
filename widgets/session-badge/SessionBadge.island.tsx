import { asIsland } from '../core/island.tsx';
import { SessionBadge } from './SessionBadge.tsx';

export default asIsland(SessionBadge);
