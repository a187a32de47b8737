import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../core/element.tsx';
import { CheckPayment } from './CheckPayment.tsx';

defineWidget('gs-order-payment', () => (
  <RequireLogin>
    <CheckPayment />
  </RequireLogin>
));
