import type { Choice as Country } from '../../../../contract/api/verification.ts';
import { useEffect, useState } from 'react';
import type { ReceivingAccount } from '../../../../contract/api/receiving.ts';
import { apiRequest } from '../../../core/api.ts';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { EditAndSwitch, QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { choiceName } from '../../../core/local-name.ts';
import { AccountForm } from './ReceivingAccountForm.tsx';
import { receivingWording } from './receiving-refusals.ts';
import { VirtualCurrency } from './VirtualCurrency.tsx';
import { ReasonPanel } from '../../shared/ReasonPanel.tsx';
import { noTranslate } from '../../../ui/no-translate.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/** What an open panel under the table is doing to one account. */
type Panel = { kind: 'edit'; account: ReceivingAccount } | { kind: 'disable'; account: ReceivingAccount };

/**
 * The accounts members pay into (decision 024): the table in the members' order with buttons to
 * move each up or down, edit it, switch it off with a reason or on again; a form to add one; and
 * the virtual-currency address. Demo accounts are labelled and their bank details cannot be edited.
 */
export function Receiving() {
  const { locale: shownIn, t } = useI18n();
  const list = usePagedList<ReceivingAccount>('/receiving-accounts', (path) => adminRequest<Paged<ReceivingAccount>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [busy, setBusy] = useState(false);
  const [countries, setCountries] = useState<Country[]>([]);

  useEffect(() => {
    let live = true;
    apiRequest<Country[]>('GET', '/v1/country', undefined, { anonymous: true })
      .then((envelope) => live && setCountries(envelope.detail))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const act = async (account: ReceivingAccount, path: string, body: Record<string, unknown>, done: string) => {
    setBusy(true);
    try {
      await adminRequest(path.endsWith('/move') ? 'POST' : 'PUT', path, body);
      setOutcome({ text: t(done, { number: account.account_number }), failed: false });
    } catch (error) {
      setOutcome({ text: receivingWording.text(error, t), failed: true });
    } finally {
      setBusy(false);
    }
    list.reload();
  };

  const closed = (done: Outcome | null) => {
    setPanel(null);
    if (done !== null) setOutcome(done);
    list.reload();
  };

  const rows = list.page?.data ?? [];
  const page = list.page;
  // The place in the members' list, counted across pages (stored positions may have gaps).
  const placeOf = (index: number) => (page === null ? index + 1 : (page.current_page - 1) * page.per_page + index + 1);
  const total = page?.total ?? 0;
  const sites = (account: ReceivingAccount) =>
    account.locales.length === 0 ? t('admin_recv_sites_none') : account.locales.map((locale) => t(`language_${locale}`)).join(', ');
  const audience = (account: ReceivingAccount) =>
    account.countries_id.length === 0
      ? t('admin_recv_countries_all')
      : account.countries_id
          .map((id) => choiceName(countries.find((country) => country.id === id) ?? { type: String(id) }, shownIn))
          .join(', ');

  return (
    <section aria-labelledby="gs-admin-receiving">
      <h2 id="gs-admin-receiving">{t('admin_receiving_accounts')}</h2>
      <QueueStatus outcome={outcome} list={list} />
      {rows.some((account) => account.demo) && <p className="gs-admin__note">{t('admin_recv_demo_note')}</p>}
      <ScrollTable id="gs-recv-caption" caption={t('admin_recv_caption')}>
        <thead>
          <tr>
            <th scope="col">{t('admin_recv_position')}</th>
            <th scope="col">{t('admin_recv_number')}</th>
            <th scope="col">{t('admin_recv_bank')}</th>
            <th scope="col">{t('admin_recv_holder')}</th>
            <th scope="col">{t('admin_recv_type')}</th>
            <th scope="col">{t('admin_recv_sites')}</th>
            <th scope="col">{t('admin_recv_countries')}</th>
            <th scope="col">{t('admin_recv_state')}</th>
            <th scope="col">{t('admin_recv_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((account, index) => (
            <tr key={account.id}>
              <td>{placeOf(index)}</td>
              <th scope="row" id={`gs-recv-${account.id}`}>
                <code>{account.account_number}</code>
                {account.demo && (
                  <>
                    {' '}
                    <span className="gs-admin__demo">{t('admin_recv_demo')}</span>
                  </>
                )}
              </th>
              {/* Names as the bank writes them: the operator's data, not words to translate. */}
              <td {...noTranslate}>
                {account.bank_name}
                <br />
                {account.branch}
              </td>
              <td {...noTranslate}>{account.account_holder}</td>
              <td {...noTranslate}>{account.type}</td>
              <td>{sites(account)}</td>
              <td>{audience(account)}</td>
              <td>
                {account.enabled
                  ? t(account.demo ? 'admin_recv_on_demo' : 'admin_recv_on')
                  : t('admin_recv_off', { reason: account.disabled_reason ?? '' })}
              </td>
              <td>
                <div className="gs-actions">
                  <button
                    type="button"
                    className="button button--small button--quiet"
                    aria-describedby={`gs-recv-${account.id}`}
                    disabled={busy || placeOf(index) <= 1}
                    onClick={() => void act(account, `/receiving-accounts/${account.id}/move`, { direction: 'up' }, 'admin_recv_moved')}
                  >
                    {t('admin_recv_up')}
                  </button>
                  <button
                    type="button"
                    className="button button--small button--quiet"
                    aria-describedby={`gs-recv-${account.id}`}
                    disabled={busy || placeOf(index) >= total}
                    onClick={() => void act(account, `/receiving-accounts/${account.id}/move`, { direction: 'down' }, 'admin_recv_moved')}
                  >
                    {t('admin_recv_down')}
                  </button>
                  <EditAndSwitch
                    describedBy={`gs-recv-${account.id}`}
                    enabled={account.enabled}
                    busy={busy}
                    keys="admin_recv_"
                    onEdit={() => setPanel({ kind: 'edit', account })}
                    onDisable={() => setPanel({ kind: 'disable', account })}
                    onEnable={() => void act(account, `/receiving-accounts/${account.id}`, { enabled: true }, 'admin_recv_enabled')}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
      {panel?.kind === 'edit' && (
        <AccountForm key={`edit-${panel.account.id}`} account={panel.account} countries={countries} onClose={closed} />
      )}
      {panel?.kind === 'disable' && <DisableAccount key={`disable-${panel.account.id}`} account={panel.account} onClose={closed} />}
      <AccountForm key="add" account={null} countries={countries} onClose={closed} />
      <VirtualCurrency />
    </section>
  );
}

function DisableAccount({ account, onClose }: { account: ReceivingAccount; onClose: (done: Outcome | null) => void }) {
  const { t } = useI18n();
  return (
    <ReasonPanel
      id="gs-recv-reason"
      legend={t('admin_recv_disabling', { number: account.account_number })}
      reasonLabel={t('admin_recv_disable_reason')}
      submitLabel={t('admin_recv_disable')}
      cancelLabel={t('admin_recv_cancel')}
      act={async (reason) => {
        await adminRequest('PUT', `/receiving-accounts/${account.id}`, { enabled: false, reason });
        return t('admin_recv_disabled', { number: account.account_number });
      }}
      refused={(error) => receivingWording.text(error, t)}
      onClose={onClose}
    />
  );
}
