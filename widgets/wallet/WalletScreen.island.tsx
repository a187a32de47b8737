import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { WalletScreen } from './WalletScreen.tsx';

export default screen(WalletScreen, { guard: RequireLogin });
