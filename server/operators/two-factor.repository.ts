import type { Db } from '../db/database.ts';

export async function findOperatorById(db: Db, operatorId: number) {
  return db.selectFrom('operators').selectAll().where('id', '=', operatorId).executeTakeFirst();
}

export async function setPendingSecret(db: Db, operatorId: number, sealed: string): Promise<void> {
  await db.updateTable('operators').set({ totp_pending_secret: sealed }).where('id', '=', operatorId).execute();
}

/**
 * Records that a code of this step was accepted, only if no code of this or a later step was:
 * one statement, so two requests with the same code cannot both pass.
 */
export async function claimStep(db: Db, operatorId: number, step: bigint): Promise<boolean> {
  const row = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', operatorId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step.toString())]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Switches two-factor on with the confirmed secret and replaces any earlier recovery codes. */
export async function enableTwoFactor(db: Db, operatorId: number, sealed: string, step: bigint, codeHashes: string[]): Promise<void> {
  await db
    .updateTable('operators')
    .set({ totp_secret: sealed, totp_pending_secret: null, totp_enabled_at: new Date(), totp_last_step: step })
    .where('id', '=', operatorId)
    .execute();
  await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
  await db
    .insertInto('operator_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ operator_id: operatorId, code_hash })))
    .execute();
}

/** Uses an unused recovery code: true once, false ever after (and for any code not the operator's). */
export async function useRecoveryCode(db: Db, operatorId: number, codeHash: string): Promise<boolean> {
  const row = await db
    .updateTable('operator_recovery_codes')
    .set({ used_at: new Date() })
    .where('operator_id', '=', operatorId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recoveryCodesLeft(db: Db, operatorId: number): Promise<number> {
  const row = await db
    .selectFrom('operator_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('operator_id', '=', operatorId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Turns two-factor off and removes the recovery codes (a lost phone; command line only). */
export async function clearTwoFactor(db: Db, operatorId: number): Promise<void> {
  await db
    .updateTable('operators')
    .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', operatorId)
    .execute();
  await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
}
