import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { TransferStatus, TransferType } from '../db/schema.ts';
import { pageOffset, perPageDefault } from '../http/paging.ts';

/** The reason a transfer failed because its partner did not answer; the Partner wallets tab lists these. */
export const partnerUnreachableReason = 'The partner could not be reached';

export interface TransferRecord {
  id: string;
  user_id: number;
  partner_city_id: number;
  partner_city_name: string;
  type: TransferType;
  amount: bigint;
  fee: bigint;
  status: TransferStatus;
  reason: string | null;
  journal_id: string | null;
  idempotency_key: string | null;
  request_hash: string;
  created_at: Date;
}

export interface NewTransferRecord {
  userId: number;
  partnerCityId: number;
  type: TransferType;
  amount: bigint;
  status: TransferStatus;
  reason: string | null;
  journalId: string | null;
  idempotencyKey: string | null;
  requestHash: string;
}

const recordColumns = [
  'r.id',
  'r.user_id',
  'r.partner_city_id',
  'c.name as partner_city_name',
  'r.type',
  'r.amount',
  'r.fee',
  'r.status',
  'r.reason',
  'r.journal_id',
  'r.idempotency_key',
  'r.request_hash',
  'r.created_at',
] as const;

const records = (db: Db) =>
  db.selectFrom('transaction_records as r').innerJoin('partner_cities as c', 'c.id', 'r.partner_city_id').select(recordColumns);

export async function insertTransferRecord(db: Db, record: NewTransferRecord, partnerCityName: string): Promise<TransferRecord> {
  const row = await db
    .insertInto('transaction_records')
    .values({
      user_id: record.userId,
      partner_city_id: record.partnerCityId,
      type: record.type,
      amount: record.amount,
      status: record.status,
      reason: record.reason,
      journal_id: record.journalId,
      idempotency_key: record.idempotencyKey,
      request_hash: record.requestHash,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRecord({ ...row, partner_city_name: partnerCityName });
}

export interface InternalTransferRequest {
  userId: number;
  partnerCityId: number;
  type: TransferType;
  amount: bigint;
  idempotencyKey: string | null;
  requestHash: string;
  /** The reasons a refusal is recorded with, by the wallet that had too little. */
  mainRefusal: string;
  partnerRefusal: string;
}

export type InternalTransferOutcome =
  | { outcome: 'created' | 'replayed' | 'conflict'; record: TransferRecord }
  /** Nothing written: there is no such city, its own platform answers, or it takes no deposits. */
  | { outcome: 'no_city' | 'external' | 'disabled' };

type OutcomeRow = Parameters<typeof toRecord>[0] & { outcome: InternalTransferOutcome['outcome'] };

/**
 * A transfer to or from an internal partner's wallet in one round trip: the database function
 * `wallet_transfer` reads the city and `wallet_partner_transfer` (decision 021) checks the key, moves
 * the points through the ledger and keeps the record, atomically as one statement. Both are defined in
 * server/db/functions; the second is one of the ledger's three writers (decision 007, amended).
 */
export async function transferInternally(db: Db, request: InternalTransferRequest): Promise<InternalTransferOutcome> {
  const { rows } = await sql<OutcomeRow>`
    select *, name as partner_city_name from wallet_transfer(${request.userId}::integer, ${request.partnerCityId}::integer, ${request.type}::text,
      ${request.amount.toString()}::bigint, ${request.idempotencyKey}::text, ${request.requestHash}::text,
      ${request.mainRefusal}::text, ${request.partnerRefusal}::text)`.execute(db);
  const row = rows[0];
  if (row === undefined) throw new Error('wallet_transfer returned no record');
  return toOutcome(row);
}

/**
 * Several transfers in one statement and one commit (`wallet_transfers` in server/db/functions,
 * decision 034), each run as `transferInternally` runs it alone, in the order given; the outcomes come back in
 * that order. Every request of one call must carry the same two refusal reasons. If any transfer
 * fails, the statement fails and none is written.
 */
export async function transfersInternally(db: Db, requests: InternalTransferRequest[]): Promise<InternalTransferOutcome[]> {
  const first = requests[0];
  if (first === undefined) return [];
  if (requests.some((request) => request.mainRefusal !== first.mainRefusal || request.partnerRefusal !== first.partnerRefusal))
    throw new Error('transfers of one batch must carry the same refusal reasons');
  const column = <T>(pick: (request: InternalTransferRequest) => T) => requests.map(pick);
  const { rows } = await sql<OutcomeRow & { ordinal: number }>`
    select *, name as partner_city_name from wallet_transfers(${column((r) => r.userId)}::integer[], ${column((r) => r.partnerCityId)}::integer[],
      ${column((r) => r.type)}::text[], ${column((r) => r.amount.toString())}::bigint[],
      ${column((r) => r.idempotencyKey)}::text[], ${column((r) => r.requestHash)}::text[],
      ${first.mainRefusal}::text, ${first.partnerRefusal}::text)`.execute(db);
  const outcomes = new Map(rows.map((row) => [row.ordinal, toOutcome(row)]));
  return requests.map((_, index) => {
    const outcome = outcomes.get(index + 1);
    if (outcome === undefined) throw new Error(`wallet_transfers returned no record for transfer ${index + 1}`);
    return outcome;
  });
}

function toOutcome(row: OutcomeRow): InternalTransferOutcome {
  if (row.outcome === 'no_city' || row.outcome === 'external' || row.outcome === 'disabled') return { outcome: row.outcome };
  return { outcome: row.outcome, record: toRecord(row) };
}

export async function findTransfer(db: Db, id: string, options: { lock?: boolean } = {}): Promise<TransferRecord | undefined> {
  let query = records(db).where('r.id', '=', id);
  if (options.lock === true) query = query.forUpdate('r');
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : toRecord(row);
}

export async function findTransferByKey(db: Db, userId: number, idempotencyKey: string): Promise<TransferRecord | undefined> {
  const row = await records(db).where('r.user_id', '=', userId).where('r.idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row === undefined ? undefined : toRecord(row);
}

export async function setTransferStatus(
  db: Db,
  id: string,
  status: TransferStatus,
  reason: string | null,
  journalId: string | null,
): Promise<void> {
  await db
    .updateTable('transaction_records')
    // A record keeps the journal that first moved its points; later ones are found through the statement.
    .set({ status, reason, journal_id: sql<string | null>`coalesce(journal_id, ${journalId}::bigint)`, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** One page of a member's transfers, newest first; `type` undefined lists both kinds. */
export async function pageTransfers(
  db: Db,
  userId: number,
  type: TransferType | undefined,
  page: number,
): Promise<{ total: number; rows: TransferRecord[] }> {
  let count = db
    .selectFrom('transaction_records')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('user_id', '=', userId);
  let list = records(db).where('r.user_id', '=', userId);
  if (type !== undefined) {
    count = count.where('type', '=', type);
    list = list.where('r.type', '=', type);
  }
  const [{ total }, rows] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    list.orderBy('r.id', 'desc').limit(perPageDefault).offset(pageOffset(page)).execute(),
  ]);
  return { total: Number(total), rows: rows.map(toRecord) };
}

function toRecord(row: {
  id: string;
  user_id: number;
  partner_city_id: number;
  partner_city_name: string;
  type: TransferType;
  amount: string;
  fee: string;
  status: TransferStatus;
  reason: string | null;
  journal_id: string | null;
  idempotency_key: string | null;
  request_hash: string;
  created_at: Date;
}): TransferRecord {
  return {
    id: row.id,
    user_id: row.user_id,
    partner_city_id: row.partner_city_id,
    partner_city_name: row.partner_city_name,
    type: row.type,
    amount: BigInt(row.amount),
    fee: BigInt(row.fee),
    status: Number(row.status) as TransferStatus,
    reason: row.reason,
    journal_id: row.journal_id,
    idempotency_key: row.idempotency_key,
    request_hash: row.request_hash,
    created_at: new Date(row.created_at),
  };
}
