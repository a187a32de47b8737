import type { Submission } from '../../../../contract/api/verification.ts';
import { useState } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { decisionError } from '../../shared/decision.ts';
import { adminRequest } from '../../shared/operator-session.ts';
import { PrivateImage } from '../../shared/PrivateImage.tsx';
import { Decisions, NoteField, QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { MemberLink } from '../../shared/MemberLink.tsx';

/** Pending identity verifications: the details beside the three photos, approve or reject with a reason. */
export function Verifications() {
  const { t } = useI18n();
  const list = usePagedList<Submission>('/verifications?status=pending', (path) => adminRequest<Paged<Submission>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reasons, setReasons] = useState<Record<number, string>>({});

  const decide = async (submission: Submission, approve: boolean) => {
    const reason = (reasons[submission.user_id] ?? '').trim();
    if (!approve && reason === '') {
      setOutcome({ text: t('admin_reason_needed'), failed: true });
      return;
    }
    try {
      await adminRequest(
        'POST',
        `/verifications/${submission.user_id}/${approve ? 'approve' : 'reject'}`,
        approve ? undefined : { reason },
      );
      setOutcome({
        text: t(approve ? 'admin_verification_approved' : 'admin_verification_rejected', { name: submission.username }),
        failed: false,
      });
      list.reload();
    } catch (error) {
      setOutcome({ text: decisionError(error, t), failed: true });
    }
  };

  const rows = list.page?.data ?? [];
  return (
    <section aria-labelledby="gs-admin-verifications">
      <h2 id="gs-admin-verifications">{t('admin_verifications')}</h2>
      <QueueStatus outcome={outcome} list={list} />
      <ul className="gs-admin__queue">
        {rows.map((submission) => (
          <li key={submission.user_id} className="gs-admin__item">
            <dl className="gs-admin__facts">
              <dt>{t('admin_member')}</dt>
              <dd>
                <MemberLink id={submission.user_id} username={submission.username} />
              </dd>
              <dt>{t('verify_real_name')}</dt>
              <dd>{submission.realname}</dd>
              <dt>{t('verify_certificate_number')}</dt>
              <dd>{submission.certificate_number}</dd>
              <dt>{t('verify_email')}</dt>
              <dd>{submission.email}</dd>
              <dt>{t('verify_phone')}</dt>
              <dd>{submission.phone}</dd>
            </dl>
            <div className="gs-admin__photos">
              <PrivateImage path={submission.photos.front} alt={t('verify_photo_front')} />
              <PrivateImage path={submission.photos.back} alt={t('verify_photo_back')} />
              <PrivateImage path={submission.photos.handle} alt={t('verify_photo_handheld')} />
            </div>
            <NoteField
              id={`gs-admin-reason-${submission.user_id}`}
              label={t('admin_reason')}
              maxLength={500}
              value={reasons[submission.user_id] ?? ''}
              onChange={(value) => setReasons({ ...reasons, [submission.user_id]: value })}
            />
            <Decisions
              yes={t('admin_approve')}
              no={t('admin_reject')}
              onYes={() => void decide(submission, true)}
              onNo={() => void decide(submission, false)}
            />
          </li>
        ))}
      </ul>
      {list.page !== null && <Pager page={list.page} onGo={list.go} />}
    </section>
  );
}
