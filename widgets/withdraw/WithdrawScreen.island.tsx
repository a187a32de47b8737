import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { WithdrawScreen } from './WithdrawScreen.tsx';

export default screen(WithdrawScreen, { guard: RequireLogin });
