import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { CheckPayment } from './CheckPayment.tsx';

export default screen(CheckPayment, { guard: RequireLogin });
