import { Fragment, useState } from 'react';
import type { PartnerCity } from '../../../../contract/api/partners.ts';
import { htmlLang } from '../../../../locales/index.ts';
import { useI18n } from '../../../core/i18n.ts';
import { localName } from '../../../core/local-name.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { PartnerCityForm, DisableCity } from './PartnerCityForm.tsx';
import { PartnerFailures } from './PartnerFailures.tsx';
import { EditAndSwitch, QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/**
 * Partner-city wallets (issue item 4): the cities members move points to, their names in each
 * language, whether they take transfers in, and an external platform's settings (the secret is
 * never shown, only whether it is set). Every change is audited by the server.
 */
export function PartnerWallets() {
  const { locale, t } = useI18n();
  const list = usePagedList<PartnerCity>('/partner-cities', (path) => adminRequest<Paged<PartnerCity>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [editing, setEditing] = useState<PartnerCity | null>(null);
  const [disabling, setDisabling] = useState<PartnerCity | null>(null);

  const changed = (done: Outcome) => {
    setOutcome(done);
    setEditing(null);
    setDisabling(null);
    list.reload();
  };
  const enable = async (city: PartnerCity) => {
    try {
      await adminRequest('PUT', `/partner-cities/${city.id}`, { enabled: true });
      changed({ text: t('admin_partner_wallets_enabled', { name: localName(city, locale) }), failed: false });
    } catch {
      setOutcome({ text: t('admin_action_failed'), failed: true });
    }
  };

  return (
    <section aria-labelledby="gs-admin-partner-wallets">
      <h2 id="gs-admin-partner-wallets">{t('admin_partner_wallets')}</h2>
      <PartnerFailures />
      <p className="gs-admin__note">{t('admin_partner_wallets_disabled_note')}</p>
      <QueueStatus outcome={outcome} list={list} />
      <ScrollTable id="gs-partner-wallets-caption" caption={t('admin_partner_wallets_caption')}>
        <thead>
          <tr>
            <th scope="col">{t('admin_partner_wallets_name')}</th>
            <th scope="col">{t('admin_partner_wallets_kind')}</th>
            <th scope="col">{t('admin_partner_wallets_base_url')}</th>
            <th scope="col">{t('admin_partner_wallets_secret')}</th>
            <th scope="col">{t('admin_partner_wallets_state')}</th>
            <th scope="col">{t('admin_partner_wallets_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(list.page?.data ?? []).map((city) => (
            <tr key={city.id}>
              <th scope="row" id={`gs-city-${city.id}`}>
                {localName(city, locale)}
                <span className="gs-admin__note">
                  {' · '}
                  {(['zhs', 'zht', 'eng'] as const)
                    .filter((name) => Boolean(city.names[name]))
                    .map((name, index) => (
                      <Fragment key={name}>
                        {index > 0 && ' / '}
                        <span lang={htmlLang[name]}>{city.names[name]}</span>
                      </Fragment>
                    ))}
                </span>
              </th>
              <td>{t(`admin_partner_wallets_${city.kind}`)}</td>
              <td>{city.base_url ?? '—'}</td>
              <td>
                {city.kind === 'external'
                  ? t(city.secret_set ? 'admin_partner_wallets_secret_set' : 'admin_partner_wallets_secret_unset')
                  : '—'}
              </td>
              <td>
                {t(city.enabled ? 'admin_partner_wallets_on' : 'admin_partner_wallets_off')}
                {city.disabled_reason !== null && <span className="gs-admin__note"> · {city.disabled_reason}</span>}
              </td>
              <td>
                <div className="gs-actions">
                  <EditAndSwitch
                    describedBy={`gs-city-${city.id}`}
                    enabled={city.enabled}
                    busy={false}
                    keys="admin_partner_wallets_"
                    onEdit={() => setEditing(city)}
                    onDisable={() => setDisabling(city)}
                    onEnable={() => void enable(city)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
      {disabling !== null && (
        <DisableCity key={disabling.id} city={disabling} onClose={(done) => (done === null ? setDisabling(null) : changed(done))} />
      )}
      {editing !== null ? (
        <PartnerCityForm key={editing.id} city={editing} onDone={(done) => (done === null ? setEditing(null) : changed(done))} />
      ) : (
        <PartnerCityForm key="new" city={null} onDone={(done) => done !== null && changed(done)} />
      )}
    </section>
  );
}
