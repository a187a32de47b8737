import { frameWidget } from './FrameWidget.tsx';

/** <gs-bank-add>: adding a bank card, in a frame on our origin (decision 054). */
export default frameWidget('bank-add');
