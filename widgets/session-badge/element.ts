import { defineWidget } from '../core/element.tsx';
import { SessionBadge } from './SessionBadge.tsx';

defineWidget('gs-session-badge', SessionBadge);
