import { frameWidget } from './FrameWidget.tsx';

/** <gs-edit-user> on a partner's page: the password change, in a frame on our origin. */
export default frameWidget('edit-user');
