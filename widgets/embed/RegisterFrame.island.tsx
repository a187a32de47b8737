import { frameWidget } from './FrameWidget.tsx';

/** <gs-register> on a partner's page: the registration form, in a frame on our origin. */
export default frameWidget('register');
