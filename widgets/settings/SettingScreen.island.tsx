import { screen } from '../screens/screen.tsx';
import { SettingScreen } from './SettingScreen.tsx';

/** On the site, logging out goes on to the start page. */
export default screen(SettingScreen, { onSite: { navigate: true } });
