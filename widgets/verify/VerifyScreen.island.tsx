import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { VerifyScreen } from './VerifyScreen.tsx';

/** Login only; on the site, a successful submission goes back to the previous page. */
export default asIsland(() => (
  <RequireLogin>
    <VerifyScreen navigate />
  </RequireLogin>
));
