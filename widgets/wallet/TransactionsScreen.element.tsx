import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { TransactionsScreen } from './TransactionsScreen.tsx';

defineWidget('gs-wallet-transactions', () => (
  <RequireLogin>
    <TransactionsScreen />
  </RequireLogin>
));
