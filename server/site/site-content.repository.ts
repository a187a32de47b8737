import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SiteBuildKind } from '../db/schema-site.ts';
import type { SectionRef } from './site-content.ts';

export interface DraftRow extends SectionRef {
  draft: unknown;
  updated_at: Date;
  /** The username of the operator who saved it last (the column holds the operator's id). */
  updated_by: string | null;
  translation_behind: boolean;
}

export async function listDrafts(db: Db): Promise<DraftRow[]> {
  const rows = await db
    .selectFrom('site_content')
    .leftJoin('operators', 'operators.id', 'site_content.updated_by')
    .select([
      'site_content.section',
      'site_content.locale',
      'site_content.draft',
      'site_content.updated_at',
      'site_content.translation_behind',
      'operators.username',
    ])
    .execute();
  return rows.map((row) => ({
    section: row.section,
    locale: row.locale,
    draft: row.draft,
    updated_at: new Date(row.updated_at),
    updated_by: row.username,
    translation_behind: row.translation_behind,
  }));
}

/**
 * Locks every locale of the page until the transaction ends, in one order, so two saves of one
 * page queue (a save also marks the page's other locales); answers the locale's own row.
 */
export async function findDraftForUpdate(db: Db, ref: SectionRef): Promise<{ draft: unknown; translation_behind: boolean } | undefined> {
  const rows = await db
    .selectFrom('site_content')
    .select(['locale', 'draft', 'translation_behind'])
    .where('section', '=', ref.section)
    .orderBy('locale')
    .forUpdate()
    .execute();
  const row = rows.find((candidate) => candidate.locale === ref.locale);
  return row === undefined ? undefined : { draft: row.draft, translation_behind: row.translation_behind };
}

/** After an operator's save: this locale is up to date; when it changed the page, the page's other locales are behind it. */
export async function markTranslations(db: Db, ref: SectionRef, othersBehind: boolean): Promise<void> {
  await db
    .updateTable('site_content')
    .set({
      translation_behind: othersBehind
        ? sql<boolean>`locale <> ${ref.locale}`
        : sql<boolean>`locale <> ${ref.locale} and translation_behind`,
    })
    .where('section', '=', ref.section)
    .execute();
}

export async function saveDraft(db: Db, ref: SectionRef, draft: unknown, operatorId: number | null): Promise<void> {
  await db
    .insertInto('site_content')
    .values({ section: ref.section, locale: ref.locale, draft: JSON.stringify(draft), updated_by: operatorId })
    .onConflict((conflict) =>
      conflict.columns(['section', 'locale']).doUpdateSet({ draft: JSON.stringify(draft), updated_by: operatorId, updated_at: new Date() }),
    )
    .execute();
}

/** Adds the sections an empty (or older) database lacks; sections already there stay as operators left them. */
export async function insertMissingDrafts(db: Db, rows: readonly (SectionRef & { draft: unknown })[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto('site_content')
    .values(rows.map((row) => ({ section: row.section, locale: row.locale, draft: JSON.stringify(row.draft), updated_by: null })))
    .onConflict((conflict) => conflict.columns(['section', 'locale']).doNothing())
    .returning('section')
    .execute();
  return inserted.length;
}

export interface BuildRow {
  id: number;
  kind: SiteBuildKind;
  status: 'running' | 'succeeded' | 'failed';
  /** The username of the operator who started it (the column holds the operator's id). */
  started_by: string | null;
  started_at: Date;
  heartbeat_at: Date;
  finished_at: Date | null;
  duration_ms: number | null;
  progress: string;
  error: string | null;
}

const buildColumns = [
  'site_builds.id',
  'site_builds.kind',
  'site_builds.status',
  'site_builds.started_at',
  'site_builds.heartbeat_at',
  'site_builds.finished_at',
  'site_builds.duration_ms',
  'site_builds.progress',
  'site_builds.error',
  'operators.username',
] as const;

function buildOf(row: {
  id: number;
  kind: SiteBuildKind;
  status: BuildRow['status'];
  started_at: Date;
  heartbeat_at: Date;
  finished_at: Date | null;
  duration_ms: number | null;
  progress: string;
  error: string | null;
  username: string | null;
}): BuildRow {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    started_by: row.username,
    started_at: new Date(row.started_at),
    heartbeat_at: new Date(row.heartbeat_at),
    finished_at: row.finished_at === null ? null : new Date(row.finished_at),
    duration_ms: row.duration_ms,
    progress: row.progress,
    error: row.error,
  };
}

export async function findBuild(db: Db, id: number): Promise<BuildRow | undefined> {
  const row = await db
    .selectFrom('site_builds')
    .leftJoin('operators', 'operators.id', 'site_builds.started_by')
    .select(buildColumns)
    .where('site_builds.id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : buildOf(row);
}

export async function findBuildContent(db: Db, id: number): Promise<unknown> {
  const row = await db.selectFrom('site_builds').select('content').where('id', '=', id).executeTakeFirst();
  return row?.content;
}

export async function findRunningBuild(db: Db): Promise<BuildRow | undefined> {
  const row = await db
    .selectFrom('site_builds')
    .leftJoin('operators', 'operators.id', 'site_builds.started_by')
    .select(buildColumns)
    .where('site_builds.status', '=', 'running')
    .executeTakeFirst();
  return row === undefined ? undefined : buildOf(row);
}

/** The latest successful publishes, newest first: the history an operator can roll back to. */
export async function listPublished(db: Db, limit: number): Promise<BuildRow[]> {
  const rows = await db
    .selectFrom('site_builds')
    .leftJoin('operators', 'operators.id', 'site_builds.started_by')
    .select(buildColumns)
    .where('site_builds.kind', '=', 'publish')
    .where('site_builds.status', '=', 'succeeded')
    .orderBy('site_builds.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(buildOf);
}

/** The ids of the latest successful builds of a kind, newest first (what is kept on disk). */
export async function listSucceededIds(db: Db, kind: SiteBuildKind, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('site_builds')
    .select('id')
    .where('kind', '=', kind)
    .where('status', '=', 'succeeded')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Queues claims of the build slot from every process until the transaction ends. */
export async function lockBuildSlot(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('site_build'))`.execute(db);
}

/** A build whose process stopped reporting (it died) gives the slot back. */
export async function failStaleBuilds(db: Db, heartbeatBefore: Date): Promise<void> {
  await db
    .updateTable('site_builds')
    .set({ status: 'failed', error: 'The build stopped reporting (its server process ended).', finished_at: new Date() })
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', heartbeatBefore)
    .execute();
}

export async function insertBuild(
  db: Db,
  build: { kind: SiteBuildKind; content: unknown; operatorId: number | null; codeVersion: string },
): Promise<number> {
  const row = await db
    .insertInto('site_builds')
    .values({
      kind: build.kind,
      status: 'running',
      content: JSON.stringify(build.content),
      started_by: build.operatorId,
      code_version: build.codeVersion,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function reportProgress(db: Db, id: number, progress: string): Promise<void> {
  await db
    .updateTable('site_builds')
    .set({ progress, heartbeat_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

export async function finishBuild(
  db: Db,
  id: number,
  outcome: { status: 'succeeded' | 'failed'; durationMs: number; error?: string },
): Promise<void> {
  await db
    .updateTable('site_builds')
    .set({
      status: outcome.status,
      duration_ms: outcome.durationMs,
      error: outcome.error ?? null,
      finished_at: new Date(),
      progress: outcome.status === 'succeeded' ? 'done' : 'failed',
    })
    .where('id', '=', id)
    .execute();
}

export interface LivePointer {
  build_id: number | null;
  switched_at: Date;
}

export async function findLive(db: Db): Promise<LivePointer> {
  const row = await db.selectFrom('site_live').select(['build_id', 'switched_at']).where('id', '=', 1).executeTakeFirst();
  return { build_id: row?.build_id ?? null, switched_at: new Date(row?.switched_at ?? 0) };
}

export async function findLiveForUpdate(db: Db): Promise<number | null> {
  const row = await db.selectFrom('site_live').select('build_id').where('id', '=', 1).forUpdate().executeTakeFirst();
  return row?.build_id ?? null;
}

/** The switch: one row changes, and every process hears it when the transaction commits. */
export async function setLive(db: Db, buildId: number, operatorId: number | null, channel: string): Promise<void> {
  await db
    .updateTable('site_live')
    .set({ build_id: buildId, switched_at: new Date(), switched_by: operatorId })
    .where('id', '=', 1)
    .execute();
  await sql`select pg_notify(${channel}, ${String(buildId)})`.execute(db);
}

/** The code version the live version was built with (null before the first publish). */
export async function findLiveCodeVersion(db: Db): Promise<{ build_id: number; code_version: string | null } | undefined> {
  const row = await db
    .selectFrom('site_live')
    .innerJoin('site_builds', 'site_builds.id', 'site_live.build_id')
    .select(['site_builds.id', 'site_builds.code_version'])
    .executeTakeFirst();
  return row === undefined ? undefined : { build_id: row.id, code_version: row.code_version };
}
