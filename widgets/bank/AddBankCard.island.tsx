import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { BankCardForm } from './BankCardForm.tsx';

/** Login only; on the site, saving goes back to the card list. */
export default asIsland(() => (
  <RequireLogin>
    <BankCardForm mode="add" navigate />
  </RequireLogin>
));
