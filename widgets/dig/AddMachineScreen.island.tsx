import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { AddMachineScreen } from './AddMachineScreen.tsx';

/** Login only; on the site, a bound machine goes back to /dig. */
export default asIsland(() => (
  <RequireLogin>
    <AddMachineScreen navigate />
  </RequireLogin>
));
