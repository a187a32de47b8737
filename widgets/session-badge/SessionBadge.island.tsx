import { screen } from '../screens/screen.tsx';
import { SessionBadge } from './SessionBadge.tsx';

export default screen(SessionBadge);
