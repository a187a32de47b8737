import { asIsland } from '../screens/island.tsx';
import { TrustScreen } from './TrustScreen.tsx';

/** Public: anyone may read the proof; a logged-in member also sees their own income per day. */
export default asIsland(TrustScreen);
