import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../core/element.tsx';
import { EditUserForm } from './EditUserForm.tsx';

defineWidget('gs-edit-user', () => (
  <RequireLogin>
    <EditUserForm />
  </RequireLogin>
));
