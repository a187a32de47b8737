import { screen } from '../screens/screen.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';

/** On the site the page passes its route, to reopen it in the chosen language. */
export default screen(LanguagePicker);
