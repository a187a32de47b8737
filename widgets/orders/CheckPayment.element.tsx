import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { CheckPayment } from './CheckPayment.tsx';

defineWidget('gs-order-payment', () => (
  <RequireLogin>
    <CheckPayment />
  </RequireLogin>
));
