import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../core/element.tsx';
import { StatementScreen } from './StatementScreen.tsx';

defineWidget('gs-wallet-statement', () => (
  <RequireLogin>
    <StatementScreen />
  </RequireLogin>
));
