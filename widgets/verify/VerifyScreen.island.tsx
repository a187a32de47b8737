import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { VerifyScreen } from './VerifyScreen.tsx';

/** On the site, a successful submission goes back to the previous page. */
export default screen(VerifyScreen, { guard: RequireLogin, onSite: { navigate: true } });
