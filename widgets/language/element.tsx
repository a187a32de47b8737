import { defineWidget } from '../core/element.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';

defineWidget('gs-language-picker', () => <LanguagePicker />);
