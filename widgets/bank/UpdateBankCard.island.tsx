import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { BankCardForm } from './BankCardForm.tsx';

/** Edits the card chosen in the list (its id in local storage); on the site, saving goes back to the list. */
export default screen(BankCardForm, { guard: RequireLogin, props: { mode: 'update' }, onSite: { navigate: true } });
