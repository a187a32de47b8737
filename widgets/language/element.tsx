import { defineWidget } from '../screens/element.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';

defineWidget('gs-language-picker', () => <LanguagePicker />);
