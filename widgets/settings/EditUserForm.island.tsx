import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { AccountSettings } from './AccountSettings.tsx';

export default screen(AccountSettings, { guard: RequireLogin });
