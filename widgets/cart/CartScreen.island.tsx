import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { CartScreen } from './CartScreen.tsx';

export default screen(CartScreen, { guard: RequireLogin });
