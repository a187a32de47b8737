import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { BankCardForm } from './BankCardForm.tsx';

/** On the site, saving goes back to the card list. */
export default screen(BankCardForm, { guard: RequireLogin, props: { mode: 'add' }, onSite: { navigate: true } });
