import { frameWidget } from './FrameWidget.tsx';

/** <gs-verify>: identity verification, in a frame on our origin (decision 054). */
export default frameWidget('verify');
