import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { CartScreen } from './CartScreen.tsx';

/** /cart is a login-only route: logged out, the login prompt shows instead. */
export default asIsland(() => (
  <RequireLogin>
    <CartScreen />
  </RequireLogin>
));
