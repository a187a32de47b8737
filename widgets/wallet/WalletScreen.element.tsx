import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../core/element.tsx';
import { WalletScreen } from './WalletScreen.tsx';

defineWidget('gs-wallet', () => (
  <RequireLogin>
    <WalletScreen />
  </RequireLogin>
));
