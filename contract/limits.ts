/**
 * Business limits that the server enforces and the widgets check before sending, written once.
 * Amounts are whole points here; the server scales them to ten-thousandths.
 */

/** The seed's least transfer between the main wallet and a partner wallet, either way. */
export const transferMinPoints = 100;

/** The least withdrawal to a bank card (the seed's transfer minimum, which the product applies to withdrawals too). */
export const withdrawMinPoints = 100;

/** The seed's least order (its hint and default show 3000). */
export const orderMinPoints = 100;

/** The least daily quota a bank card may carry: below it no withdrawal could ever pass. */
export const dailyQuotaMinPoints = 100;
