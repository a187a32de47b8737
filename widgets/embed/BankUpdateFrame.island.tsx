import { frameWidget } from './FrameWidget.tsx';

/** <gs-bank-update>: editing the card chosen in <gs-bank-cards>, in a frame on our origin (decision 054). */
export default frameWidget('bank-update');
