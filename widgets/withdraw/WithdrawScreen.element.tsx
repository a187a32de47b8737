import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { WithdrawScreen } from './WithdrawScreen.tsx';

defineWidget('gs-withdraw', () => (
  <RequireLogin>
    <WithdrawScreen />
  </RequireLogin>
));
