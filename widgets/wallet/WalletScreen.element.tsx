import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { WalletScreen } from './WalletScreen.tsx';

defineWidget('gs-wallet', () => (
  <RequireLogin>
    <WalletScreen />
  </RequireLogin>
));
