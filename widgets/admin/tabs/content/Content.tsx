import { useEffect, useState } from 'react';
import { localePath, locales, type Locale } from '../../../../locales/index.ts';
import { useI18n } from '../../../core/i18n.ts';
import { siteRefusals, siteSectionName } from './content-keys.ts';
import { knownRefusalKey } from '../../../core/refusal.ts';
import { ContentEditor } from './ContentEditor.tsx';
import { buildPollMs, loadBuild, loadOverview, loadVersions, openPreviewAccess, rollback, startBuild } from './site-content.ts';
import type { SiteBuild, SiteOverview, SiteVersion } from '../../../../contract/api/site.ts';
import { dateTimeFormat } from '../../../core/date-time.ts';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

const columns = [...locales, 'all'] as const;

/**
 * The brand site in the back office (decision 022): every page × locale with its state, a form per
 * page, preview and publish with the build's progress, and the last published versions to roll back to.
 */
export function Content() {
  const { locale, t } = useI18n();
  const [overview, setOverview] = useState<SiteOverview | null>(null);
  const [versions, setVersions] = useState<SiteVersion[]>([]);
  const [editing, setEditing] = useState<{ section: string; locale: string } | null>(null);
  const [build, setBuild] = useState<SiteBuild | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });

  const refresh = async () => {
    try {
      const [next, history] = await Promise.all([loadOverview(), loadVersions()]);
      setOverview(next);
      setVersions(history);
      if (next.running !== null) setBuild((current) => (current?.status === 'running' ? current : next.running));
    } catch {
      setOutcome({ text: t('admin_load_error'), failed: true });
    }
  };
  useEffect(() => void refresh(), []);

  // Follows a running build until it ends.
  useEffect(() => {
    if (build?.status !== 'running') return undefined;
    const timer = setTimeout(() => {
      loadBuild(build.id)
        .then((next) => {
          setBuild(next);
          if (next.status !== 'running') void refresh();
        })
        .catch(() => setOutcome({ text: t('admin_load_error'), failed: true }));
    }, buildPollMs);
    return () => clearTimeout(timer);
  }, [build]);

  const act = async (work: () => Promise<void>) => {
    setOutcome(null);
    try {
      await work();
    } catch (error) {
      setOutcome({ text: t(knownRefusalKey(error, siteRefusals, 'admin_action_failed')), failed: true });
    }
  };
  const begin = (kind: 'preview' | 'publish') =>
    void act(async () => {
      if (kind === 'preview') await openPreviewAccess();
      setBuild(await startBuild(kind));
    });

  if (editing !== null) {
    return (
      <ContentEditor
        section={editing.section}
        locale={editing.locale}
        onClose={() => {
          setEditing(null);
          void refresh();
        }}
      />
    );
  }

  const seconds = (ms: number | null) => ((ms ?? 0) / 1000).toFixed(1);
  const sections = [...new Set((overview?.sections ?? []).map((row) => row.section))];
  const sectionName = (section: string) => siteSectionName(t, section);
  const stateOf = (section: string, column: string) => overview?.sections.find((row) => row.section === section && row.locale === column);

  return (
    <section aria-labelledby="gs-admin-content" className="gs-admin__content">
      <h2 id="gs-admin-content">{t('admin_content')}</h2>
      <p>{overview?.live_version == null ? t('admin_site_product_build') : t('admin_site_live', { version: overview.live_version })}</p>
      {overview?.catalogue_changed === true && <p className="gs-admin__note">{t('admin_site_catalogue_changed')}</p>}
      <div className="gs-actions">
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={build?.status === 'running'}
          onClick={() => begin('preview')}
        >
          {t('admin_site_preview')}
        </button>
        <button type="button" className="button button--small" disabled={build?.status === 'running'} onClick={() => begin('publish')}>
          {t('admin_site_publish')}
        </button>
      </div>
      <p className="gs-message gs-message--ok" role="status">
        {build?.status === 'running' && t('admin_site_building', { progress: build.progress })}
        {build?.status === 'succeeded' &&
          t(build.kind === 'publish' ? 'admin_site_published_in' : 'admin_site_previewed_in', { seconds: seconds(build.duration_ms) })}
        {/* The space only beside the link, so an idle status stays empty (and unpainted). */}
        {build?.status === 'succeeded' && build.preview_path !== null && ' '}
        {build?.status === 'succeeded' && build.preview_path !== null && (
          <a href={`${build.preview_path.replace(/\/$/, '')}${localePath(locale as Locale, '/home')}`} target="_blank" rel="noopener">
            {t('admin_site_open_preview')}
          </a>
        )}
      </p>
      <div className="gs-message gs-message--error" role="alert">
        {outcome?.failed === true && outcome.text}
        {build?.status === 'failed' && (
          <>
            {t('admin_site_failed')}
            <pre className="gs-admin__build-error">{build.error}</pre>
          </>
        )}
      </div>
      <p className="gs-admin__note">{t('admin_site_states_note')}</p>
      <ScrollTable id="gs-site-pages-caption" caption={t('admin_site_pages')}>
        <thead>
          <tr>
            <th scope="col">{t('admin_site_page')}</th>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column === 'all' ? t('admin_site_every_language') : t(`language_${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sections.map((section) => (
            <tr key={section}>
              <th scope="row">{sectionName(section)}</th>
              {columns.map((column) => {
                const row = stateOf(section, column);
                return (
                  <td key={column}>
                    {row !== undefined && (
                      <button
                        type="button"
                        className={`button button--small button--quiet gs-admin__state gs-admin__state--${row.state}`}
                        aria-label={`${t('admin_site_edit')} ${sectionName(section)}, ${column === 'all' ? t('admin_site_every_language') : t(`language_${column}`)}: ${t(`admin_site_state_${row.state}`)}`}
                        onClick={() => setEditing({ section, locale: column })}
                      >
                        {t(`admin_site_state_${row.state}`)}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <h3>{t('admin_site_history')}</h3>
      <ScrollTable id="gs-site-history-caption" caption={t('admin_site_history_caption')}>
        <thead>
          <tr>
            <th scope="col">{t('admin_site_version')}</th>
            <th scope="col">{t('transaction_time')}</th>
            <th scope="col">{t('admin_operator')}</th>
            <th scope="col">{t('admin_site_build_time')}</th>
            <th scope="col">{t('admin_action')}</th>
          </tr>
        </thead>
        <tbody>
          {versions.map((version) => (
            <tr key={version.id}>
              <td>{version.id}</td>
              <td>
                <time dateTime={version.started_at}>{time.format(new Date(version.finished_at ?? version.started_at))}</time>
              </td>
              <td>{version.started_by ?? t('admin_system')}</td>
              <td>{seconds(version.duration_ms)} s</td>
              <td>
                {version.live ? (
                  t('admin_site_live_now')
                ) : (
                  <button
                    type="button"
                    className="button button--small button--secondary"
                    aria-label={`${t('admin_site_rollback')} ${version.id}`}
                    disabled={build?.status === 'running'}
                    onClick={() =>
                      void act(async () => {
                        await rollback(version.id);
                        setOutcome({ text: t('admin_site_rolled_back', { version: version.id }), failed: false });
                        await refresh();
                      })
                    }
                  >
                    {t('admin_site_rollback')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {outcome?.failed === false && (
        <p className="gs-message gs-message--ok" role="status">
          {outcome.text}
        </p>
      )}
    </section>
  );
}
