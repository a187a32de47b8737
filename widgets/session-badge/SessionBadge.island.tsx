import { asIsland } from '../screens/island.tsx';
import { SessionBadge } from './SessionBadge.tsx';

export default asIsland(SessionBadge);
