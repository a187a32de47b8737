import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { CartScreen } from './CartScreen.tsx';

defineWidget('gs-cart', () => (
  <RequireLogin>
    <CartScreen />
  </RequireLogin>
));
