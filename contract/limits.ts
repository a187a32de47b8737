/**
 * Business limits that the server enforces and the widgets check before sending, written once: the
 * server's checks, refusal messages and API descriptions are built from these, never restated.
 * Amounts are whole points here; the server scales them to ten-thousandths.
 */

/** The original app's least transfer between the main wallet and a partner wallet, either way. */
export const transferMinPoints = 100;

/** The least withdrawal to a bank card: the original app's transfer minimum (docs/original-app.md), which the product applies to withdrawals too. */
export const withdrawMinPoints = transferMinPoints;

/** The original app's least order (its hint and default show 3000). */
export const orderMinPoints = 100;

/** The least daily quota a bank card may carry: below the least withdrawal no withdrawal could ever pass. */
export const dailyQuotaMinPoints = withdrawMinPoints;

/**
 * A bank card number is digits only, 6 to 19 (decision 011): the original app's limit of 14 would cut real
 * 16–19-digit UnionPay and Visa numbers, so a payout would go to a wrong account. Longer input is
 * refused, never truncated.
 */
export const cardNumberDigits = { min: 6, max: 19 } as const;

/** Any referral code, the house code included, fits in this many characters. */
export const referralCodeLengthMax = 16;

/** A member's user name: the original app's 6 at least; 30 at most, long enough for any real name, short enough for lists and logs. */
export const usernameLength = { min: 6, max: 30 } as const;
/** A member's password: the original app's 6 to 12 characters. */
export const passwordLength = { min: 6, max: 12 } as const;

/**
 * The longest range of business days one export of the books covers: a year and a day, so a whole
 * year closes in one file while a mistyped decade does not stream the ledger's whole history.
 */
export const booksRangeDaysMax = 366;

/**
 * How long a password-reset code customer service gives a member stays usable: long enough to read
 * it over the phone and type it, short enough that a code overheard later is worth nothing.
 */
export const passwordResetCodeMinutes = 30;

/** The longest withdrawal cool-down, for the install (WITHDRAWAL_COOLDOWN_HOURS) and for one member: thirty days. */
export const withdrawalCooldownHoursMax = 720;

/**
 * How long an operator's claim on a withdrawal lasts (decision 051): while it lasts nobody else may
 * pay or reject it; after it the withdrawal is free to claim again. Long enough to send one bank
 * transfer, short enough that a claim left behind does not stall the queue.
 */
export const withdrawalClaimMinutes = 30;

/**
 * How far back members see past results: a room's recorded production, their holdings' recent income
 * and the cart's range of what an amount would have earned all span the last 30 business days.
 */
export const recentResultsDays = 30;

/** Holdings listed per page on /dig: a member's paid orders, newest first. */
export const holdingsPerPage = 10;
