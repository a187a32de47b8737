import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { StatementScreen } from './StatementScreen.tsx';

defineWidget('gs-wallet-statement', () => (
  <RequireLogin>
    <StatementScreen />
  </RequireLogin>
));
