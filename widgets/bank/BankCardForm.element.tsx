import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { BankCardForm } from './BankCardForm.tsx';

// One chunk for both forms: the add form, and the edit form of the card chosen in the list.
defineWidget('gs-bank-add', () => (
  <RequireLogin>
    <BankCardForm mode="add" />
  </RequireLogin>
));
defineWidget('gs-bank-update', () => (
  <RequireLogin>
    <BankCardForm mode="update" />
  </RequireLogin>
));
