import { adminAppMessageKeys } from './admin-app-keys.ts';
import { auditValueMessageKeys } from './audit-values.ts';
import { booksMessageKeys } from './books-keys.ts';
import { catalogueMessageKeys } from './catalogue-keys.ts';
import { membersMessageKeys, partnerWalletsMessageKeys } from './members-keys.ts';
import { operatorsMessageKeys } from './operators-keys.ts';
import { ordersMessageKeys } from './orders-keys.ts';
import { reconciliationMessageKeys } from './reconciliation-keys.ts';
import { revenueMessageKeys } from './revenue-keys.ts';
import { settingsMessageKeys } from './tab-keys.ts';

/**
 * Every message the back office page hands its island (site/pages/[...lang]/admin/index.astro):
 * listed on the page rather than in the island's own module, so the words stay out of the page's
 * JavaScript. admin-page-keys.test.ts checks that each word a back-office screen asks for is here.
 */
export const adminPageMessageKeys = [
  ...adminAppMessageKeys,
  ...membersMessageKeys,
  ...partnerWalletsMessageKeys,
  ...operatorsMessageKeys,
  ...settingsMessageKeys,
  ...auditValueMessageKeys,
  ...revenueMessageKeys,
  ...catalogueMessageKeys,
  ...booksMessageKeys,
  ...ordersMessageKeys,
  ...reconciliationMessageKeys,
];
