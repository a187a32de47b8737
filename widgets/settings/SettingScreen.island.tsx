import { asIsland } from '../screens/island.tsx';
import { SettingScreen } from './SettingScreen.tsx';

/** On the site, logging out goes on to the start page. */
export default asIsland(() => <SettingScreen navigate />);
