import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { TransactionsScreen } from './TransactionsScreen.tsx';

export default screen(TransactionsScreen, { guard: RequireLogin });
