import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { BankListScreen } from './BankListScreen.tsx';

export default screen(BankListScreen, { guard: RequireLogin });
