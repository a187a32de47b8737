import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { EditUserForm } from './EditUserForm.tsx';

/** /edit-user is a login-only route: logged out, the login prompt shows instead. */
export default asIsland(() => (
  <RequireLogin>
    <EditUserForm />
  </RequireLogin>
));
