import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { DigScreen } from './DigScreen.tsx';

/** Login only: logged out, the login prompt shows instead. */
export default asIsland(() => (
  <RequireLogin>
    <DigScreen />
  </RequireLogin>
));
