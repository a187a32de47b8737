import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { CheckPayment } from './CheckPayment.tsx';

/** Login only: logged out, the login prompt shows instead. */
export default asIsland(() => (
  <RequireLogin>
    <CheckPayment />
  </RequireLogin>
));
