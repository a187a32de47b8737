import { useState } from 'react';
import type { OperatorRow } from '../../../../contract/api/operators.ts';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { AddOperator, ChangeOperator, SignInRules, type Change } from './OperatorForms.tsx';
import type { OperatorMe } from '../../shared/operator-me.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/**
 * The Operators tab (administrators only): who may sign in to the back office, in which role and
 * with or without two-factor; add one, change a role, disable or enable, or turn a lost phone's two-factor off, with a reason.
 */
export function Operators({ me }: { me: OperatorMe | null }) {
  const { locale, t } = useI18n();
  const list = usePagedList<OperatorRow>('/operators', (path) => adminRequest<Paged<OperatorRow>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [change, setChange] = useState<Change | null>(null);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  const done = (result: Outcome | null) => {
    setChange(null);
    if (result !== null) setOutcome(result);
    list.reload();
  };

  return (
    <section aria-labelledby="gs-admin-operators">
      <h2 id="gs-admin-operators">{t('admin_operators')}</h2>
      <QueueStatus outcome={outcome} list={list} />
      <ScrollTable id="gs-operators-caption" caption={t('admin_operators_caption')}>
        <thead>
          <tr>
            <th scope="col">{t('admin_username')}</th>
            <th scope="col">{t('admin_operators_role')}</th>
            <th scope="col">{t('admin_operators_two_factor')}</th>
            <th scope="col">{t('admin_operators_status')}</th>
            <th scope="col">{t('admin_operators_last_seen')}</th>
            <th scope="col">{t('admin_operators_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.page?.data ?? []).map((row) => {
            const self = row.username === me?.username;
            return (
              <tr key={row.id}>
                <th scope="row" id={`gs-operator-${row.id}`}>
                  {row.username}
                  {self && <span className="gs-admin__note"> ({t('admin_operators_you')})</span>}
                </th>
                <td>{t(`admin_role_${row.role}`)}</td>
                <td>{t(row.two_factor ? 'admin_operators_on' : 'admin_operators_off')}</td>
                <td>{t(row.disabled ? 'admin_operators_disabled' : 'admin_operators_enabled')}</td>
                <td>
                  {row.last_seen_at === null ? (
                    t('admin_operators_never')
                  ) : (
                    <time dateTime={row.last_seen_at}>{time.format(new Date(row.last_seen_at))}</time>
                  )}
                </td>
                <td>
                  {!self && (
                    <div className="gs-actions">
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        aria-describedby={`gs-operator-${row.id}`}
                        onClick={() => setChange({ operator: row, kind: 'role' })}
                      >
                        {t('admin_operators_change_role')}
                      </button>
                      <button
                        type="button"
                        className="button button--small button--quiet"
                        aria-describedby={`gs-operator-${row.id}`}
                        onClick={() => setChange({ operator: row, kind: row.disabled ? 'enable' : 'disable' })}
                      >
                        {t(row.disabled ? 'admin_operators_enable' : 'admin_operators_disable')}
                      </button>
                      {row.two_factor && (
                        <button
                          type="button"
                          className="button button--small button--quiet"
                          aria-describedby={`gs-operator-${row.id}`}
                          onClick={() => setChange({ operator: row, kind: 'reset_two_factor' })}
                        >
                          {t('admin_operators_reset_two_factor')}
                        </button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
      {change !== null && <ChangeOperator key={`${change.kind}-${change.operator.id}`} change={change} onClose={done} />}
      <AddOperator
        onAdded={(username) => {
          setOutcome({ text: t('admin_operators_added', { username }), failed: false });
          list.reload();
        }}
      />
      <SignInRules />
    </section>
  );
}
