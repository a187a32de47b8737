import type { Db } from '../db/database.ts';
import type { PartnerAnswer } from '../partners/partner-adapter.ts';
import { findPartnerCity } from '../partners/partner-cities.repository.ts';
import type { PartnerDirectory } from '../partners/partner-directory.ts';
import { notFound } from '../shared/errors.ts';
import { findTransfer, setTransferStatus, type TransferRecord } from './transfer.repository.ts';
import { transferStatus } from '../../contract/statuses.ts';

/**
 * Records an external partner's answer to an accepted transfer: completed, or failed with the
 * points it held returned. Only the first answer counts; a repeated or late one changes nothing,
 * so a partner may safely deliver its answer more than once.
 */
export async function settleTransfer(
  db: Db,
  directory: PartnerDirectory,
  transferId: string,
  answer: PartnerAnswer,
): Promise<TransferRecord> {
  return db.transaction().execute(async (trx) => {
    const record = await findTransfer(trx, transferId, { lock: true });
    if (record === undefined) throw notFound('transfer_not_found', 'Transfer not found');
    if (record.status !== transferStatus.accepted) return record;
    const city = await findPartnerCity(trx, record.partner_city_id);
    if (city === undefined) throw notFound('partner_city_not_found', 'Partner city not found');
    const journalId = await directory.adapterFor(city).settle(
      trx,
      {
        transferId: record.id,
        userId: record.user_id,
        partnerCityId: record.partner_city_id,
        type: record.type,
        amount: record.amount,
        journalKey: `transfer-record:${record.id}`,
      },
      answer,
    );
    if (answer.status === 'completed') await setTransferStatus(trx, record.id, transferStatus.completed, null, journalId);
    else await setTransferStatus(trx, record.id, transferStatus.failed, answer.reason, journalId);
    const settled = await findTransfer(trx, record.id);
    if (settled === undefined) throw notFound('transfer_not_found', 'Transfer not found');
    return settled;
  });
}
