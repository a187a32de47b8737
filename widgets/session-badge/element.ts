import { defineWidget } from '../screens/element.tsx';
import { SessionBadge } from './SessionBadge.tsx';

defineWidget('gs-session-badge', SessionBadge);
