import { screen } from '../screens/screen.tsx';
import { NotificationBell } from './NotificationBell.tsx';

export default screen(NotificationBell);
