/** What the buying routes read, passed through from the queries as they are. */
export { listDeliveryMethods, listPaymentMethods } from './catalogue.repository.ts';
