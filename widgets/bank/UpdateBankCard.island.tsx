import { RequireLogin } from '../auth/RequireLogin.tsx';
import { asIsland } from '../screens/island.tsx';
import { BankCardForm } from './BankCardForm.tsx';

/** Login only; edits the card chosen in the list (its id in local storage), then goes back to the list. */
export default asIsland(() => (
  <RequireLogin>
    <BankCardForm mode="update" navigate />
  </RequireLogin>
));
