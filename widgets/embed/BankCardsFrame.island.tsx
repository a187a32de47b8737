import { frameWidget } from './FrameWidget.tsx';

/** <gs-bank-cards>: the member's bank cards, in a frame on our origin (decision 054). */
export default frameWidget('bank-cards');
