import { RequireLogin } from '../auth/RequireLogin.tsx';
import { defineWidget } from '../screens/element.tsx';
import { OrderList } from './OrderList.tsx';

defineWidget('gs-orders', () => (
  <RequireLogin>
    <OrderList />
  </RequireLogin>
));
