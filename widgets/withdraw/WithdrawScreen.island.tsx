import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { WithdrawScreen } from './WithdrawScreen.tsx';

/** Login only: logged out, the login prompt shows instead. */
export default asIsland(() => (
  <RequireLogin>
    <WithdrawScreen />
  </RequireLogin>
));
