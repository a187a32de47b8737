import { frameWidget } from './FrameWidget.tsx';

/** <gs-login> on a partner's page: the login form, in a frame on our origin. */
export default frameWidget('login');
