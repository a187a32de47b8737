import { dailyQuotaMinPoints } from '../../contract/limits.ts';
import type { Db } from '../db/database.ts';
import { uniqueViolation } from '../shared/db-errors.ts';
import { ApiError, fieldError, forbidden, notFound } from '../shared/errors.ts';
import { parsePoints, pointScale, pointsToNumber } from '../shared/money.ts';
import type { UserRow } from '../users/user.repository.ts';
import { cardNumberDigest, decryptCardNumber, encryptCardNumber, maskCardNumber } from './card-cipher.ts';
import { cardDigestOf, deleteCard, findCard, insertCard, updateCard, type CardFields, type CardRow } from './cards.repository.ts';
import { holderMismatchMessage, notVerifiedCardMessage, sameHolder } from './holder-name.ts';

export interface CardInput {
  cardholder: string;
  bank_name: string;
  card_number: string;
  payment_name: string;
  daily_quota?: string | number;
  province?: string;
  city?: string;
}

export const duplicateCardMessage = 'This card is already in your list';

/** The least daily quota a member may set, in ten-thousandths. */
const dailyQuotaMin = BigInt(dailyQuotaMinPoints) * pointScale;

/**
 * Checks a card the member adds or edits: their identity is verified and the card is in their
 * verified name (402, whose detail the original app's screen shows), and the optional fields are sane.
 */
export function cardFields(key: Buffer, member: UserRow, input: CardInput): CardFields {
  if (member.verification_status !== 'approved')
    throw new ApiError(402, 'bank_card_needs_verification', notVerifiedCardMessage, { detail: notVerifiedCardMessage });
  if (!sameHolder(input.cardholder, member.realname))
    throw new ApiError(402, 'cardholder_mismatch', holderMismatchMessage, { detail: holderMismatchMessage });
  let dailyQuota: bigint | null = null;
  const quotaText = String(input.daily_quota ?? '');
  if (quotaText !== '') {
    const parsed = parsePoints(quotaText);
    if (parsed === undefined || parsed < dailyQuotaMin)
      throw fieldError('daily_quota', 'daily_quota_invalid', `The daily quota must be an amount of at least ${dailyQuotaMinPoints}.`);
    dailyQuota = parsed;
  }
  const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value.trim());
  return {
    cardholder: input.cardholder.trim(),
    bankName: input.bank_name.trim(),
    cipher: encryptCardNumber(key, input.card_number),
    last4: input.card_number.slice(-4),
    digest: cardNumberDigest(key, input.card_number),
    numberLength: input.card_number.length,
    paymentName: input.payment_name.trim(),
    dailyQuota,
    province: optional(input.province),
    city: optional(input.city),
  };
}

/** The member's own live card, or 404 (none) / 403 (someone else's), never its data. */
export async function ownCard(db: Db, userId: number, cardId: number | undefined): Promise<CardRow> {
  const card = cardId === undefined ? undefined : await findCard(db, cardId);
  if (card === undefined) throw notFound('bank_card_not_found', 'Bank card not found');
  if (card.user_id !== userId) throw forbidden();
  return card;
}

/** A duplicate number for the same member answers 409 rather than a second copy of the card. */
export function duplicateCard(error: unknown): ApiError | undefined {
  return uniqueViolation(error) === 'bank_cards_one_per_number'
    ? new ApiError(409, 'bank_card_duplicate', duplicateCardMessage)
    : undefined;
}

/**
 * The card object of the API contract: the whole number only when `whole` is set (the edit screen), and
 * `withdrawableFrom`, when the card may next be withdrawn to (null when now; shared/withdrawal-cooldown.ts).
 */
export function cardJson(key: Buffer, card: CardRow, whole: boolean, withdrawableFrom: Date | null) {
  const number = decryptCardNumber(key, card.card_number_cipher);
  return {
    id: card.id,
    cardholder: card.cardholder,
    bank_name: card.bank_name,
    card_number: whole ? number : maskCardNumber(card.card_last4, number.length),
    card_last4: card.card_last4,
    payment_name: card.payment_name,
    daily_quota: card.daily_quota === null ? null : pointsToNumber(card.daily_quota),
    province: card.province,
    city: card.city,
    created_at: new Date(card.created_at).toISOString(),
    withdrawable_from: withdrawableFrom === null ? null : withdrawableFrom.toISOString(),
  };
}

/** Adds a card in the member's verified name; the same number twice answers 409. */
export async function addCard(db: Db, key: Buffer, member: UserRow, input: CardInput): Promise<CardRow> {
  const fields = cardFields(key, member, input);
  let id: number;
  try {
    id = await insertCard(db, member.id, fields);
  } catch (error) {
    throw duplicateCard(error) ?? error;
  }
  return ownCard(db, member.id, id);
}

/**
 * Edits one of the member's own cards. A new number restarts the card's withdrawal wait (shared/withdrawal-cooldown.ts):
 * only a number whose digest differs counts as new, so saving the same card again does not.
 */
export async function editCard(db: Db, key: Buffer, member: UserRow, cardId: number | undefined, input: CardInput): Promise<CardRow> {
  const card = await ownCard(db, member.id, cardId);
  const fields = cardFields(key, member, input);
  const numberChanged = (await cardDigestOf(db, card.id)) !== fields.digest;
  try {
    await updateCard(db, card.id, fields, numberChanged);
  } catch (error) {
    throw duplicateCard(error) ?? error;
  }
  return ownCard(db, member.id, card.id);
}

/** Removes one of the member's own cards from the list; its withdrawals keep their history. */
export async function removeCard(db: Db, userId: number, cardId: number | undefined): Promise<void> {
  const card = await ownCard(db, userId, cardId);
  await deleteCard(db, card.id);
}

export { listCards } from './cards.repository.ts';
export type { CardRow } from './cards.repository.ts';
