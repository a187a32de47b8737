import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { notFound, validationError } from '../shared/errors.ts';
import { assembleContent, allSections, checkSection, isSection, sectionOf, type SectionRef, type SiteContent } from './site-content.ts';
import { findBuildContent, findDraftForUpdate, findLive, listDrafts, markTranslations, saveDraft } from './site-content.repository.ts';
import { seedCatalogEntries, seedSections } from './site-content.seed.ts';
import { catalogSnapshot } from './site-catalog.ts';

export type SectionState = 'published' | 'changed' | 'translation_behind';

export interface SectionSummary extends SectionRef {
  state: SectionState;
  updatedAt: Date;
  updatedBy: string | null;
}

export const sectionNotFoundMessage = 'No such page or locale of the brand site';

/** The content the live site was built from: the last publish's, or the repository's before any. */
export async function liveContent(db: Db): Promise<SiteContent> {
  const { build_id: buildId } = await findLive(db);
  if (buildId !== null) return (await findBuildContent(db, buildId)) as SiteContent;
  return { ...assembleContent(await seedSections()), catalog: await seedCatalogEntries() };
}

/** Whether the catalogue brand pages show differs from the database's: a publish would change the site. */
export async function catalogueChanged(db: Db): Promise<boolean> {
  const [live, current] = await Promise.all([liveContent(db), catalogSnapshot(db)]);
  return canonical(live.catalog ?? []) !== canonical(current);
}

/**
 * Every page and locale with its state: changed (not yet published), else translation_behind
 * (another locale of the page was changed since this one was saved, published or not: decision
 * 036), else published (the draft is what is live).
 */
export async function listSections(db: Db): Promise<SectionSummary[]> {
  const [drafts, live] = await Promise.all([listDrafts(db), liveContent(db)]);
  const byKey = new Map(drafts.map((row) => [`${row.section}/${row.locale}`, row]));
  const changed = new Set(
    drafts.filter((row) => canonical(row.draft) !== canonical(sectionOf(live, row))).map((row) => `${row.section}/${row.locale}`),
  );
  return allSections().flatMap(({ section, locale }) => {
    const row = byKey.get(`${section}/${locale}`);
    if (row === undefined) return [];
    const state: SectionState = changed.has(`${section}/${locale}`)
      ? 'changed'
      : row.translation_behind
        ? 'translation_behind'
        : 'published';
    return [{ section, locale, state, updatedAt: row.updated_at, updatedBy: row.updated_by }];
  });
}

export interface SectionDetail {
  draft: unknown;
  published: unknown;
  /** The same page in the other locales (drafts), for translators. */
  others: { locale: string; draft: unknown }[];
}

export async function readSection(db: Db, ref: SectionRef): Promise<SectionDetail> {
  if (!isSection(ref)) throw notFound('site_section_not_found', sectionNotFoundMessage);
  const [drafts, live] = await Promise.all([listDrafts(db), liveContent(db)]);
  const draft = drafts.find((row) => row.section === ref.section && row.locale === ref.locale);
  if (draft === undefined) throw notFound('site_section_not_found', sectionNotFoundMessage);
  return {
    draft: draft.draft,
    published: sectionOf(live, ref) ?? null,
    others: drafts
      .filter((row) => row.section === ref.section && row.locale !== ref.locale)
      .map((row) => ({ locale: row.locale, draft: row.draft })),
  };
}

/** Saves an operator's edit of one page in one locale; a value the schema refuses is refused with each field's name. */
export async function saveSection(db: Db, operatorId: number, ref: SectionRef, value: unknown): Promise<void> {
  if (!isSection(ref)) throw notFound('site_section_not_found', sectionNotFoundMessage);
  const checked = checkSection(ref, value);
  if (!checked.ok) throw validationError(checked.errors, 'site_content_invalid');
  await db.transaction().execute(async (trx) => {
    const before = await findDraftForUpdate(trx, ref);
    await saveDraft(trx, ref, checked.value, operatorId);
    // A change to a locale that was up to date is an edit the others must follow; a save of a
    // locale that was behind is it catching up (a translation), which asks nothing of the others.
    const changed = canonical(before?.draft) !== canonical(checked.value);
    await markTranslations(trx, ref, changed && before?.translation_behind === false);
    await recordAudit(trx, {
      operatorId,
      action: 'site.edit',
      subjectType: 'site_page',
      subjectId: `${ref.section}/${ref.locale}`,
      before: before?.draft,
      after: checked.value,
    });
  });
}

/** JSON with object keys sorted, so values compare equal whatever order the database kept the keys in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

export { findBuild, findLive, findRunningBuild, listPublished } from './site-content.repository.ts';
export type { BuildRow } from './site-content.repository.ts';
