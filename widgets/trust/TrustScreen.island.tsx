import { screen } from '../screens/screen.tsx';
import { TrustScreen } from './TrustScreen.tsx';

/** Public: anyone may read the proof; a logged-in member also sees their own income per day. */
export default screen(TrustScreen);
