import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { StatementScreen } from './StatementScreen.tsx';

/** Login only: logged out, the login prompt shows instead. */
export default asIsland(() => (
  <RequireLogin>
    <StatementScreen />
  </RequireLogin>
));
