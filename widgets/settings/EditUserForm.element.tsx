import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { EditUserForm } from './EditUserForm.tsx';

defineWidget('gs-edit-user', () => (
  <RequireLogin>
    <EditUserForm />
  </RequireLogin>
));
