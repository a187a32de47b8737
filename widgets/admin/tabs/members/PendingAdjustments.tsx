import { useState } from 'react';
import type { AdjustmentJson } from '../../../../contract/api/members.ts';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { AdjustmentTable } from './AdjustmentTable.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { OutcomeLines, type Outcome } from '../../shared/queue-parts.tsx';

/** Credits and debits waiting for a second administrator, on the Members tab (its badge counts them); nothing shows when none wait. */
export function PendingAdjustments() {
  const { t } = useI18n();
  const list = usePagedList<AdjustmentJson>('/adjustments?status=pending', (path) => adminRequest<Paged<AdjustmentJson>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const rows = list.page?.data ?? [];
  if (rows.length === 0 && outcome === null) return null;
  return (
    <section aria-labelledby="gs-adjust-pending">
      <h3 id="gs-adjust-pending">{t('admin_adjust_pending_title')}</h3>
      <OutcomeLines outcome={outcome} />
      {rows.length > 0 && (
        <AdjustmentTable
          id="gs-adjust-pending-caption"
          caption={t('admin_adjust_pending_caption')}
          rows={rows}
          showMember
          onDecided={(decided) => {
            setOutcome(decided);
            list.reload();
          }}
        />
      )}
      {list.page !== null && <Pager page={list.page} onGo={list.go} label={t('admin_adjust_pending_caption')} />}
    </section>
  );
}
