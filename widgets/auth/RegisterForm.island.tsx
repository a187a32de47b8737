import { screen } from '../screens/screen.tsx';
import { RegisterForm } from './RegisterForm.tsx';

/** On the site, registering goes on to the product page after the success notice. */
export default screen(RegisterForm, { onSite: { navigate: true } });
