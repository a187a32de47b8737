import { adminAppMessageKeys } from './admin-app-keys.ts';
import { auditValueMessageKeys } from './shared/audit-values.ts';
import { booksMessageKeys } from './tabs/books/books-keys.ts';
import { catalogueMessageKeys } from './tabs/catalogue/catalogue-keys.ts';
import { membersMessageKeys } from './tabs/members/members-keys.ts';
import { partnerWalletsMessageKeys } from './tabs/partner-wallets/partner-wallets-keys.ts';
import { operatorsMessageKeys } from './tabs/operators/operators-keys.ts';
import { ordersMessageKeys } from './tabs/orders/orders-keys.ts';
import { reconciliationMessageKeys } from './tabs/statements/statements-keys.ts';
import { revenueMessageKeys } from './tabs/revenue/revenue-keys.ts';
import { securityMessageKeys } from './tabs/security/security-keys.ts';
import { settingsMessageKeys } from './tabs/settings/settings-keys.ts';

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
  ...securityMessageKeys,
  ...settingsMessageKeys,
  ...auditValueMessageKeys,
  ...revenueMessageKeys,
  ...catalogueMessageKeys,
  ...booksMessageKeys,
  ...ordersMessageKeys,
  ...reconciliationMessageKeys,
];
