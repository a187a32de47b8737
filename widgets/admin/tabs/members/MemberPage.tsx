import type { MemberDetail, MemberLedgerEntry, MemberOrder } from '../../../../contract/api/members.ts';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { orderStatusKey } from '../../../orders/order-rules.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { MemberAccess } from './MemberAccess.tsx';
import { MemberAdjustments } from './MemberAdjustments.tsx';
import { MemberCooldown } from './MemberCooldown.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { QueueStatus } from '../../shared/queue-parts.tsx';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/** Dates and times in the operator's locale. */
function useWhen() {
  const { locale } = useI18n();
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (iso: string) => <time dateTime={iso}>{time.format(new Date(iso))}</time>;
}

/** One member for operators: who they are, their wallets, cards, sessions, orders and ledger, and the actions on their access. */
/** `onHistory` opens the audit log narrowed to this member: every operator action on their account. */
export function MemberPage({ id, onBack, onHistory }: { id: number; onBack: () => void; onHistory: () => void }) {
  const { locale, t } = useI18n();
  const when = useWhen();
  const [member, setMember] = useState<MemberDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });

  useEffect(() => {
    let live = true;
    adminRequest<MemberDetail>('GET', `/members/${id}`)
      .then((envelope) => {
        if (!live) return;
        setMember(envelope.detail);
        setFailed(false);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [id, round]);
  // The page replaces the results: the focus moves to its heading so a screen reader hears where it is.
  useEffect(() => heading.current?.focus(), [member?.id]);

  return (
    <section aria-labelledby="gs-member-title">
      <button type="button" className="button button--small button--quiet" onClick={onBack}>
        {t('admin_members_back')}
      </button>
      <h2 id="gs-member-title" tabIndex={-1} ref={heading}>
        {t('admin_members_page_title', { username: member?.username ?? '…' })}
      </h2>
      <button type="button" className="button button--small button--quiet" onClick={onHistory}>
        {t('admin_members_history')}
      </button>
      <p className="gs-message gs-message--error" role="alert">
        {failed ? t('admin_load_error') : ''}
      </p>
      {member !== null && (
        <>
          <dl className="gs-admin__facts">
            <dt>{t('admin_members_realname')}</dt>
            <dd>{member.realname ?? '—'}</dd>
            <dt>{t('admin_members_phone')}</dt>
            <dd>{member.phone ?? '—'}</dd>
            <dt>{t('admin_members_email')}</dt>
            <dd>{member.email ?? '—'}</dd>
            <dt>{t('admin_members_verification')}</dt>
            <dd>
              {t(`admin_members_verification_${member.verification.status}`)}
              {member.verification.reason !== null && <span className="gs-admin__note"> · {member.verification.reason}</span>}
            </dd>
            <dt>{t('admin_members_status')}</dt>
            <dd>{t(`admin_members_${member.account_status}`)}</dd>
            <dt>{t('admin_members_joined')}</dt>
            <dd>{when(member.created_at)}</dd>
          </dl>
          <h3>{t('admin_members_wallets')}</h3>
          <dl className="gs-admin__facts">
            <div>
              <dt>{t('admin_members_main_wallet')}</dt>
              <dd>
                <data value={member.wallets.main}>{member.wallets.main}</data>
              </dd>
            </div>
            {member.wallets.partners.map((wallet) => (
              <div key={wallet.id}>
                <dt>
                  {wallet.name}
                  {wallet.disabled && <span className="gs-admin__note"> · {t('admin_members_closed')}</span>}
                </dt>
                <dd>
                  <data value={wallet.balance}>{wallet.balance}</data>
                </dd>
              </div>
            ))}
          </dl>
          <h3>{t('admin_members_cards')}</h3>
          {member.cards.length === 0 ? (
            <p>{t('admin_members_no_cards')}</p>
          ) : (
            <ul>
              {member.cards.map((card) => (
                <li key={card.id}>{t('admin_members_card', { bank: card.bank_name, last4: card.last4 })}</li>
              ))}
            </ul>
          )}
          <h3>{t('admin_members_sessions')}</h3>
          {member.sessions.length === 0 ? (
            <p>{t('admin_members_no_sessions')}</p>
          ) : (
            <ul>
              {member.sessions.map((session) => (
                <li key={session.created_at}>
                  {t('admin_members_session', {
                    since: time.format(new Date(session.created_at)),
                    seen: time.format(new Date(session.last_seen_at)),
                  })}
                </li>
              ))}
            </ul>
          )}
          <MemberAccess member={member} onChanged={() => setRound((value) => value + 1)} />
          <MemberCooldown member={member} onChanged={() => setRound((value) => value + 1)} />
          <MemberAdjustments member={member} onChanged={() => setRound((value) => value + 1)} />
        </>
      )}
      <MemberOrders id={id} />
      <MemberLedger id={id} />
    </section>
  );
}

function MemberOrders({ id }: { id: number }) {
  const { t } = useI18n();
  const when = useWhen();
  const list = usePagedList<MemberOrder>(`/members/${id}/orders`, (path) => adminRequest<Paged<MemberOrder>>('GET', path));
  return (
    <>
      <h3 id="gs-member-orders">{t('admin_members_orders')}</h3>
      <QueueStatus outcome={null} list={list} />
      <ScrollTable labelledBy="gs-member-orders">
        <thead>
          <tr>
            <th scope="col">{t('admin_order_number')}</th>
            <th scope="col">{t('admin_members_order_product')}</th>
            <th scope="col">{t('admin_members_order_amount')}</th>
            <th scope="col">{t('admin_members_order_status')}</th>
            <th scope="col">{t('admin_members_when')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.page?.data ?? []).map((order) => (
            <tr key={order.id}>
              <th scope="row">{order.order_number}</th>
              <td>
                {order.product} × {order.item_count}
              </td>
              <td>{order.amount}</td>
              <td>{t(orderStatusKey(order.status))}</td>
              <td>{when(order.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </>
  );
}

function MemberLedger({ id }: { id: number }) {
  const { t } = useI18n();
  const when = useWhen();
  const list = usePagedList<MemberLedgerEntry>(`/members/${id}/ledger`, (path) => adminRequest<Paged<MemberLedgerEntry>>('GET', path));
  return (
    <>
      <h3 id="gs-member-ledger">{t('admin_members_ledger')}</h3>
      <QueueStatus outcome={null} list={list} />
      <ScrollTable labelledBy="gs-member-ledger">
        <thead>
          <tr>
            <th scope="col">{t('admin_members_when')}</th>
            <th scope="col">{t('admin_members_ledger_kind')}</th>
            <th scope="col">{t('admin_members_ledger_wallet')}</th>
            <th scope="col">{t('admin_members_order_amount')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.page?.data ?? []).map((line) => (
            <tr key={line.id}>
              <td>{when(line.created_at)}</td>
              <td>
                <code>{line.kind}</code>
              </td>
              <td>{line.wallet === 'main' ? t('admin_members_main_wallet') : (line.partner_city ?? '')}</td>
              <td>
                <data value={line.amount}>{line.amount}</data>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </>
  );
}
