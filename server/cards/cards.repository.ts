import type { Db } from '../db/database.ts';

export interface CardFields {
  cardholder: string;
  bankName: string;
  cipher: string;
  last4: string;
  digest: string;
  numberLength: number;
  paymentName: string;
  dailyQuota: bigint | null;
  province: string | null;
  city: string | null;
}

const cardColumns = [
  'id',
  'user_id',
  'cardholder',
  'bank_name',
  'card_number_cipher',
  'card_last4',
  'payment_name',
  'daily_quota',
  'province',
  'city',
  'created_at',
  'number_changed_at',
] as const;

export type CardRow = Awaited<ReturnType<typeof findCard>> & object;

/** A card that has not been deleted, whoever owns it (the caller checks the owner). */
export async function findCard(db: Db, id: number) {
  return db.selectFrom('bank_cards').select(cardColumns).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** The same, locked until the transaction ends: withdrawals to one card queue here (its daily quota). */
export async function lockCard(db: Db, id: number) {
  return db
    .selectFrom('bank_cards')
    .select(cardColumns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function listCards(db: Db, userId: number) {
  return db
    .selectFrom('bank_cards')
    .select(cardColumns)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function insertCard(db: Db, userId: number, fields: CardFields): Promise<number> {
  const row = await db
    .insertInto('bank_cards')
    .values({
      user_id: userId,
      cardholder: fields.cardholder,
      bank_name: fields.bankName,
      card_number_cipher: fields.cipher,
      card_last4: fields.last4,
      card_number_digest: fields.digest,
      payment_name: fields.paymentName,
      daily_quota: fields.dailyQuota,
      province: fields.province,
      city: fields.city,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCard(db: Db, id: number, fields: CardFields, numberChanged: boolean): Promise<void> {
  const now = new Date();
  await db
    .updateTable('bank_cards')
    .set({
      cardholder: fields.cardholder,
      bank_name: fields.bankName,
      card_number_cipher: fields.cipher,
      card_last4: fields.last4,
      card_number_digest: fields.digest,
      payment_name: fields.paymentName,
      daily_quota: fields.dailyQuota,
      province: fields.province,
      city: fields.city,
      updated_at: now,
      ...(numberChanged ? { number_changed_at: now } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteCard(db: Db, id: number): Promise<void> {
  await db.updateTable('bank_cards').set({ deleted_at: new Date() }).where('id', '=', id).execute();
}

export async function cardDigestOf(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('bank_cards').select('card_number_digest').where('id', '=', id).executeTakeFirst();
  return row?.card_number_digest;
}
