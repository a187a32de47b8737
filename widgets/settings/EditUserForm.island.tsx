import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { EditUserForm } from './EditUserForm.tsx';

export default screen(EditUserForm, { guard: RequireLogin });
