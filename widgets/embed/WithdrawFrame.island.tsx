import { frameWidget } from './FrameWidget.tsx';

/** <gs-withdraw>: the withdrawal and its history, in a frame on our origin (decision 054). */
export default frameWidget('withdraw');
