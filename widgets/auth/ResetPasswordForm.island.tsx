import { screen } from '../screens/screen.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

export default screen(ResetPasswordForm);
