import { defineWidget } from '../screens/element.tsx';
import { SettingScreen } from './SettingScreen.tsx';

defineWidget('gs-setting', () => <SettingScreen />);
