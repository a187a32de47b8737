import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { DigScreen } from './DigScreen.tsx';

export default screen(DigScreen, { guard: RequireLogin });
