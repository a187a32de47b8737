import { useEffect, useState } from 'react';
import type { StatementConfirmResultJson, StatementViewJson } from '../../../../contract/api/reconciliation.ts';
import { statementLineGroups, type StatementLineGroup } from '../../../../contract/reconciliation.ts';
import { useI18n } from '../../../core/i18n.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { AskFirst } from '../../shared/AskFirst.tsx';
import { formFields } from '../../shared/form-fields.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { OutcomeLines, type Outcome } from '../../shared/queue-parts.tsx';
import { reconciliationRefusalText } from './statements-keys.ts';
import { formatDecimal } from '../../shared/formatters.ts';
import { StatementLineTable } from './StatementLineTable.tsx';

/** The sum of exact amounts ("20011.0000") as exact text, for the question asked before confirming. */
function sumOf(amounts: readonly string[]): string {
  const total = amounts.reduce((sum, amount) => sum + BigInt(amount.replace('.', '')), 0n);
  return `${total / 10_000n}.${(total % 10_000n).toString().padStart(4, '0')}`;
}

interface Props {
  id: number;
  group: StatementLineGroup;
  onGroup: (group: StatementLineGroup) => void;
  onBack: () => void;
}

/**
 * One imported statement, its lines in four groups. Matched lines are chosen to confirm (all of a
 * page at first) and confirmed in one step after one question; each confirmation still goes
 * through the ordinary rule on the server (decision 059), and what came of each is said after.
 */
export function StatementLines({ id, group, onGroup, onBack }: Props) {
  const { locale, t } = useI18n();
  const [page, setPage] = useState(1);
  const [round, setRound] = useState(0);
  const [view, setView] = useState<StatementViewJson | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    let live = true;
    adminRequest<StatementViewJson>('GET', `/bank-statements/${id}?show=${group}&page=${page}`)
      .then((envelope) => {
        if (!live) return;
        setView(envelope.detail);
        setChosen(new Set(envelope.detail.lines.data.flatMap((line) => (line.state === 'matched' && line.id !== null ? [line.id] : []))));
      })
      .catch((error: unknown) => {
        if (live) setOutcome({ text: reconciliationRefusalText(error, t), failed: true });
      });
    return () => {
      live = false;
    };
  }, [id, group, page, round]);

  const lines = view?.lines.data ?? [];
  const picked = lines.filter((line) => line.id !== null && chosen.has(line.id) && line.notice !== null);
  const confirm = async () => {
    if (picked.length === 0) {
      setOutcome({ text: t('admin_stmt_none_chosen'), failed: true });
      return;
    }
    setBusy(true);
    try {
      const pairs = picked.map((line) => ({ line_id: line.id, order_id: line.notice?.order_id }));
      const results = (
        await adminRequest<StatementConfirmResultJson[]>('POST', `/bank-statements/${id}/confirm`, formFields({ lines: pairs }))
      ).detail;
      const count = (outcome: StatementConfirmResultJson['outcome']) => results.filter((result) => result.outcome === outcome).length;
      setOutcome({
        text: t('admin_stmt_confirm_result', { confirmed: count('confirmed'), changed: count('changed'), refused: count('refused') }),
        failed: count('confirmed') === 0,
      });
    } catch (error) {
      setOutcome({ text: reconciliationRefusalText(error, t), failed: true });
    } finally {
      setBusy(false);
      setRound((value) => value + 1);
    }
  };

  const statement = view?.statement;
  return (
    <section aria-labelledby="gs-stmt-view">
      <button type="button" className="button button--small button--quiet" onClick={onBack}>
        {t('admin_stmt_back')}
      </button>
      <h2 id="gs-stmt-view">
        {statement === undefined
          ? t('admin_stmt_title')
          : t('admin_stmt_heading', {
              file: statement.file_name,
              account: `${statement.account.bank_name} ${statement.account.account_number}`,
            })}
      </h2>
      <div className="gs-toggle" role="group" aria-label={t('admin_stmt_groups')}>
        {statementLineGroups.map((name) => (
          <button
            key={name}
            type="button"
            className="button button--small button--quiet"
            aria-pressed={group === name}
            onClick={() => {
              setPage(1);
              setOutcome(null);
              onGroup(name);
            }}
          >
            {t(`admin_stmt_group_${name}`, { count: view?.groups[name] ?? 0 })}
          </button>
        ))}
      </div>
      <OutcomeLines outcome={outcome} />
      {view !== null && lines.length === 0 && <p>{t('admin_stmt_group_empty')}</p>}
      {lines.length > 0 && (
        <StatementLineTable
          id="gs-stmt-lines"
          caption={t(`admin_stmt_group_${group}`, { count: view?.groups[group] ?? 0 })}
          lines={lines}
          {...(group === 'matched'
            ? {
                chosen,
                onChoose: (lineId: number, on: boolean) =>
                  setChosen((all) => {
                    const next = new Set(all);
                    if (on) next.add(lineId);
                    else next.delete(lineId);
                    return next;
                  }),
              }
            : {})}
        />
      )}
      {view !== null && view.lines.last_page > 1 && <Pager page={view.lines} onGo={setPage} />}
      {group === 'matched' && lines.length > 0 && (
        <div className="gs-actions">
          {busy && (
            <p>
              <progress aria-labelledby="gs-stmt-confirming" /> <span id="gs-stmt-confirming">{t('admin_stmt_confirming')}</span>
            </p>
          )}
          <AskFirst
            label={t('admin_stmt_confirm', { count: picked.length })}
            question={
              picked.length === 0
                ? null
                : t('admin_stmt_ask_confirm', {
                    count: picked.length,
                    amount: formatDecimal(sumOf(picked.map((line) => line.amount ?? '0.0000')), locale),
                  })
            }
            disabled={busy}
            onGo={() => void confirm()}
          />
        </div>
      )}
    </section>
  );
}
