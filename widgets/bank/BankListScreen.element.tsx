import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { BankListScreen } from './BankListScreen.tsx';

defineWidget('gs-bank-cards', () => (
  <RequireLogin>
    <BankListScreen />
  </RequireLogin>
));
