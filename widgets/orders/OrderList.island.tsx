import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { OrderList } from './OrderList.tsx';

export default screen(OrderList, { guard: RequireLogin });
