import type { ListedMember } from '../../../../contract/api/members.ts';
import { useState, type FormEvent } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { Field } from '../../../ui/form.tsx';
import { MemberPage } from './MemberPage.tsx';
import { PendingAdjustments } from './PendingAdjustments.tsx';
import type { MembersView } from '../../shared/admin-place.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { QueueStatus } from '../../shared/queue-parts.tsx';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/** The longest text the server searches for. */
const queryMaxLength = 100;

interface MembersProps {
  /** The search and the open member an address named (admin-place.ts). */
  initialView?: MembersView;
  onViewChange?: (view: MembersView) => void;
  onHistory: (memberId: number) => void;
}

/**
 * Members (issue item 7): a search by username, real name, phone or order number, run and paged
 * on the server; a result opens the member's page, whose back button returns to the same results.
 */
export function Members({ initialView = {}, onViewChange, onHistory }: MembersProps) {
  const { t } = useI18n();
  const [typed, setTyped] = useState(initialView.query ?? '');
  const [view, chooseView] = useState<MembersView>(initialView);
  const query = view.query ?? '';
  const open = view.member ?? null;
  const setView = (next: MembersView) => {
    chooseView(next);
    onViewChange?.(next);
  };
  const setOpen = (member: number | null) => setView({ query: view.query, member: member ?? undefined });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = typed.trim();
    setView({ query: trimmed === '' ? undefined : trimmed });
  };

  if (open !== null) return <MemberPage id={open} onBack={() => setOpen(null)} onHistory={() => onHistory(open)} />;
  return (
    <section aria-labelledby="gs-admin-members">
      <h2 id="gs-admin-members">{t('admin_members')}</h2>
      <PendingAdjustments />
      <form role="search" onSubmit={submit} noValidate aria-labelledby="gs-admin-members">
        <Field
          id="gs-members-query"
          name="q"
          label={t('admin_members_search')}
          hint={t('admin_members_search_hint')}
          value={typed}
          onChange={setTyped}
          autoComplete="off"
          maxLength={queryMaxLength}
        />
        <div className="gs-actions">
          <button type="submit" className="button button--small">
            {t('admin_members_search_go')}
          </button>
        </div>
      </form>
      {query !== '' && <Results query={query} onOpen={setOpen} />}
    </section>
  );
}

function Results({ query, onOpen }: { query: string; onOpen: (id: number) => void }) {
  const { t } = useI18n();
  const list = usePagedList<ListedMember>(`/members?q=${encodeURIComponent(query)}`, (path) =>
    adminRequest<Paged<ListedMember>>('GET', path),
  );
  const found = list.page?.data ?? [];
  return (
    <>
      <QueueStatus outcome={null} list={list} />
      <ScrollTable id="gs-members-caption" caption={t('admin_members_results', { query, total: list.page?.total ?? 0 })}>
        <thead>
          <tr>
            <th scope="col">{t('admin_members_username')}</th>
            <th scope="col">{t('admin_members_realname')}</th>
            <th scope="col">{t('admin_members_phone')}</th>
            <th scope="col">{t('admin_members_verification')}</th>
            <th scope="col">{t('admin_members_status')}</th>
            <th scope="col">{t('admin_members_open')}</th>
          </tr>
        </thead>
        <tbody>
          {found.map((member) => (
            <tr key={member.id}>
              <th scope="row" id={`gs-member-${member.id}`}>
                {member.username}
              </th>
              <td>{member.realname ?? '—'}</td>
              <td>{member.phone ?? '—'}</td>
              <td>{t(`admin_members_verification_${member.verification_status}`)}</td>
              <td>{t(`admin_members_${member.account_status}`)}</td>
              <td>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  aria-describedby={`gs-member-${member.id}`}
                  onClick={() => onOpen(member.id)}
                >
                  {t('admin_members_open')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </>
  );
}
