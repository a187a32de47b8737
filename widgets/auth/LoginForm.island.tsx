import { screen } from '../screens/screen.tsx';
import { LoginForm } from './LoginForm.tsx';

/** On the site, logging in goes on to the product page. */
export default screen(LoginForm, { onSite: { navigate: true } });
