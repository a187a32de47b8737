import { RequireLogin } from '../auth/RequireLogin.tsx';
import { screen } from '../screens/screen.tsx';
import { StatementScreen } from './StatementScreen.tsx';

export default screen(StatementScreen, { guard: RequireLogin });
