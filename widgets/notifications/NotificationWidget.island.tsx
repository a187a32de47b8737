import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { NotificationBell } from './NotificationBell.tsx';

/**
 * <gs-notifications> on a partner's page: logged out, it asks the member to log in (with the way
 * in), where the bell in our own header simply shows nothing (NotificationBell.island.tsx).
 */
export default screen(NotificationBell, { guard: RequireLogin });
