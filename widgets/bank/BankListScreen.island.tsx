import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { BankListScreen } from './BankListScreen.tsx';

/** Login only: logged out, the login prompt shows instead. */
export default asIsland(() => (
  <RequireLogin>
    <BankListScreen />
  </RequireLogin>
));
