import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { RefusalCode } from '../../contract/refusals.ts';
import { transferStatus } from '../../contract/statuses.ts';
import type { Db } from '../db/database.ts';
import type { TransferType } from '../db/schema.ts';
import { InsufficientBalanceError, keyReusedMessage } from '../ledger/ledger.ts';
import type { PartnerAdapter, TransferMove } from '../partners/partner-adapter.ts';
import { findPartnerCity, type PartnerCity } from '../partners/partner-cities.repository.ts';
import { internalPartner } from '../partners/internal-partner.ts';
import { partnerCityNotFoundMessage, partnerUnavailableMessage, type PartnerDirectory } from '../partners/partner-directory.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { settleTransfer } from './transfer-settlement.ts';
import { transferInBatch } from './transfer-batches.ts';
import { findTransferByKey, insertTransferRecord, partnerUnreachableReason, type TransferRecord } from './transfer.repository.ts';
import { transferJson } from './wallet.json.ts';

export const mainInsufficientMessage = "Insufficient balance of user's main wallet";
export const partnerInsufficientMessage = 'Insufficient balance of the partner wallet';
export const transferFailedMessage = 'Transfer failed';
/** The original app's screens match this exact detail to show their "try again" notice. */
export const writeFailedDetail = 'failed to write database';
export const partnerDisabledMessage = 'This partner wallet takes no new transfers; its balance can still be moved to the main wallet';

export interface TransferRequest {
  userId: number;
  partnerCityId: number;
  type: TransferType;
  amount: bigint;
  /** The client's Idempotency-Key header, if it sent one. */
  idempotencyKey: string | undefined;
}

export interface TransferResult {
  record: TransferRecord;
  /** True when the key was used before: this is the first request's record, and nothing moved now. */
  replayed: boolean;
}

/**
 * Moves points between the member's main wallet and one partner wallet. A transfer refused for
 * want of balance is still recorded, as failed with its reason, so the member sees the attempt in
 * the history; it is answered 422 with that record as detail. Any database failure rolls the
 * whole transfer back and answers 503.
 */
export async function transfer(
  db: Db,
  directory: PartnerDirectory,
  request: TransferRequest,
  log: FastifyBaseLogger,
): Promise<TransferResult> {
  const requestHash = createHash('sha256').update(`${request.type}:${request.partnerCityId}:${request.amount}`).digest('hex');
  let result: TransferResult & { adapter: PartnerAdapter };
  try {
    const internal = await transferToInternalPartner(db, request, requestHash);
    result =
      internal === 'external'
        ? await transferToExternalPartner(db, directory, request, requestHash)
        : { ...internal, adapter: internalPartner };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    log.error({ err: error }, 'transfer could not be written');
    throw new ApiError(503, 'transfer_write_failed', transferFailedMessage, { detail: writeFailedDetail });
  }
  let { record } = result;
  if (!result.replayed && record.status === transferStatus.accepted) record = await dispatch(db, directory, result.adapter, record, log);
  if (record.status === transferStatus.failed && record.reason === partnerUnreachableReason) {
    throw new ApiError(503, 'partner_unavailable', partnerUnavailableMessage, { detail: transferJson(record) });
  }
  if (record.status === transferStatus.failed)
    throw new ApiError(422, failedTransferCode(record.reason), record.reason ?? transferFailedMessage, { detail: transferJson(record) });
  return { record, replayed: result.replayed };
}

/** The code of a transfer recorded as failed, from the reason it was recorded with. */
function failedTransferCode(reason: string | null): RefusalCode {
  if (reason === mainInsufficientMessage) return 'main_wallet_insufficient';
  if (reason === partnerInsufficientMessage) return 'partner_wallet_insufficient';
  return 'transfer_failed';
}

/** A disabled city (decision 029) keeps its balances and lets them out, but takes nothing new in. */
const partnerDisabled = () => new ApiError(409, 'partner_city_disabled', partnerDisabledMessage);

/** The common case, an internal partner's wallet: one database round trip (decision 021). */
async function transferToInternalPartner(db: Db, request: TransferRequest, requestHash: string): Promise<TransferResult | 'external'> {
  const done = await transferInBatch(db, {
    userId: request.userId,
    partnerCityId: request.partnerCityId,
    type: request.type,
    amount: request.amount,
    idempotencyKey: request.idempotencyKey ?? null,
    requestHash,
    mainRefusal: mainInsufficientMessage,
    partnerRefusal: partnerInsufficientMessage,
  });
  switch (done.outcome) {
    case 'no_city':
      throw notFound('partner_city_not_found', partnerCityNotFoundMessage);
    case 'disabled':
      throw partnerDisabled();
    case 'conflict':
      throw new ApiError(409, 'idempotency_key_reused', keyReusedMessage);
    case 'external':
      return 'external';
    default:
      return { record: done.record, replayed: done.outcome === 'replayed' };
  }
}

/** A city whose own platform answers: its adapter takes the transfer in one transaction. */
async function transferToExternalPartner(
  db: Db,
  directory: PartnerDirectory,
  request: TransferRequest,
  requestHash: string,
): Promise<TransferResult & { adapter: PartnerAdapter }> {
  const city = await findPartnerCity(db, request.partnerCityId);
  if (city === undefined) throw notFound('partner_city_not_found', partnerCityNotFoundMessage);
  if (city.disabled && request.type === 'deposit') throw partnerDisabled();
  const adapter = directory.adapterFor(city);
  const result = await db.transaction().execute((trx) => begin(trx, adapter, city, request, requestHash));
  return { ...result, adapter };
}

/** An external partner's transfer: accepted here, in one transaction, and answered by the partner later. */
async function begin(
  trx: Db,
  adapter: PartnerAdapter,
  city: PartnerCity,
  request: TransferRequest,
  requestHash: string,
): Promise<TransferResult> {
  const { userId, idempotencyKey } = request;
  if (idempotencyKey !== undefined) {
    // Retries of one request queue here, so the second always finds the first's record.
    await sql`select pg_advisory_xact_lock(hashtext(${`transfer:${userId}:${idempotencyKey}`}))`.execute(trx);
    const earlier = await findTransferByKey(trx, userId, idempotencyKey);
    if (earlier !== undefined) {
      if (earlier.request_hash !== requestHash) throw new ApiError(409, 'idempotency_key_reused', keyReusedMessage);
      return { record: earlier, replayed: true };
    }
  }
  const move: TransferMove = {
    userId,
    partnerCityId: city.id,
    type: request.type,
    amount: request.amount,
    journalKey: idempotencyKey === undefined ? `transfer:${userId}:auto:${randomUUID()}` : `transfer:${userId}:key:${idempotencyKey}`,
  };
  const common = {
    userId,
    partnerCityId: city.id,
    type: request.type,
    amount: request.amount,
    idempotencyKey: idempotencyKey ?? null,
    requestHash,
  };
  try {
    const began = await adapter.begin(trx, move);
    const record = await insertTransferRecord(
      trx,
      { ...common, status: began.status, reason: null, journalId: began.journalId },
      city.name,
    );
    return { record, replayed: false };
  } catch (error) {
    if (!(error instanceof InsufficientBalanceError)) throw error;
    const reason = error.kind === 'member_main' ? mainInsufficientMessage : partnerInsufficientMessage;
    const record = await insertTransferRecord(trx, { ...common, status: transferStatus.failed, reason, journalId: null }, city.name);
    return { record, replayed: false };
  }
}

/** Hands an accepted transfer to its partner; a partner that cannot be reached fails it, returning any points held. */
async function dispatch(
  db: Db,
  directory: PartnerDirectory,
  adapter: PartnerAdapter,
  record: TransferRecord,
  log: FastifyBaseLogger,
): Promise<TransferRecord> {
  try {
    await adapter.dispatch({
      transferId: record.id,
      userId: record.user_id,
      partnerCityId: record.partner_city_id,
      type: record.type,
      amount: record.amount,
      journalKey: `transfer-record:${record.id}`,
    });
    return record;
  } catch (error) {
    log.warn({ err: error, transferId: record.id }, 'partner could not be reached');
    return settleTransfer(db, directory, record.id, { status: 'failed', reason: partnerUnreachableReason });
  }
}

export { pageStatement, wholeStatement } from './statement.repository.ts';
export type { StatementLine } from './statement.repository.ts';

export { pageTransfers } from './transfer.repository.ts';

export { countPartnerFailures, listPartnerFailures, partnerFailureWindowMs } from './partner-failures.repository.ts';

export { findTransfer } from './transfer.repository.ts';

export { findPartnerCity, listPartnerCities } from '../partners/partner-cities.repository.ts';
export type { PartnerCity } from '../partners/partner-cities.repository.ts';
