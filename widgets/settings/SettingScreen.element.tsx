import { defineWidget } from '../core/element.tsx';
import { SettingScreen } from './SettingScreen.tsx';

defineWidget('gs-setting', () => <SettingScreen />);
