import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { SiteBuildKind } from '../db/schema-site.ts';
import { ApiError, notFound } from '../shared/errors.ts';
import { siteLiveChannel, type LiveSite } from './live-site.ts';
import { buildVersion, productCodeVersion, SiteBuildError, siteFolders, versionDir } from './site-build.ts';
import { catalogSnapshot } from './site-catalog.ts';
import { allSections, assembleContent, fieldsNamedBy, sectionOf, type SiteContent } from './site-content.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { forgetVersionFiles } from './site-files.repository.ts';
import { saveVersion, writeVersionOut } from './site-version-store.ts';
import {
  failStaleBuilds,
  findBuild,
  findBuildContent,
  findLiveCodeVersion,
  findLiveForUpdate,
  findRunningBuild,
  finishBuild,
  insertBuild,
  listDrafts,
  listPublished,
  listSucceededIds,
  lockBuildSlot,
  reportProgress,
  saveDraft,
  setLive,
  type BuildRow,
} from './site-content.repository.ts';

/** Published versions kept, and offered for rollback. */
export const publishedVersionsKept = 10;
/** Preview versions kept on disk: an operator looks at the latest; older ones go. */
const previewVersionsKept = 3;
/** A running build reports at least this often ... */
const heartbeatMs = 5_000;
/** ... and one silent for this long is taken for dead (its process ended), freeing the slot. */
const staleAfterMs = 60_000;
/** Progress is written at most this often. */
const progressEveryMs = 1_000;

export const buildRunningMessage = 'A build of the site is already running: wait for it to finish';

/**
 * Preview, publish and rollback of the brand site (decision 022). One build at a time across every
 * process (an advisory lock around the claim, and a unique index on the running build); the build
 * itself runs in child processes; a publish switches the live pointer only once its version is
 * complete on disk, in one transaction with its audit entry.
 */
export class SitePublisher {
  readonly #running = new Map<number, { abort: AbortController; done: Promise<void> }>();

  readonly db: Db;
  readonly site: LiveSite;
  readonly log: FastifyBaseLogger;
  readonly metrics: Metrics | undefined;

  constructor(db: Db, site: LiveSite, log: FastifyBaseLogger, metrics?: Metrics) {
    this.db = db;
    this.site = site;
    this.log = log;
    this.metrics = metrics;
  }

  get siteDir(): string {
    return this.site.options.siteDir;
  }

  /** Claims the build slot and starts the build (of the drafts, or again of an earlier build's content); answers at once. */
  async start(kind: SiteBuildKind, operatorId: number | null, rebuildOf?: number): Promise<BuildRow> {
    const { id, content } = await this.db.transaction().execute(async (trx) => {
      await lockBuildSlot(trx);
      await failStaleBuilds(trx, new Date(Date.now() - staleAfterMs));
      const running = await findRunningBuild(trx);
      if (running !== undefined) throw new ApiError(409, 'site_build_running', buildRunningMessage, { detail: { build_id: running.id } });
      // Operators build their drafts; a rebuild with new code builds exactly what is live.
      const drafted =
        rebuildOf === undefined
          ? { ...assembleContent(await listDrafts(trx)), catalog: await catalogSnapshot(trx) }
          : ((await findBuildContent(trx, rebuildOf)) as SiteContent);
      const codeVersion = await productCodeVersion(this.site.options.productSiteDir);
      return { id: await insertBuild(trx, { kind, content: drafted, operatorId, codeVersion }), content: drafted };
    });
    const abort = new AbortController();
    const done = this.#run(id, kind, content, operatorId, abort.signal).finally(() => this.#running.delete(id));
    this.#running.set(id, { abort, done });
    const build = await findBuild(this.db, id);
    if (build === undefined) throw new Error(`build ${id} vanished`);
    return build;
  }

  /**
   * After a deploy of new code, the live version still carries the islands and layouts of the code that
   * built it: publish the live content again with this code. Another process may already be doing so.
   */
  async republishIfStale(codeVersion?: string): Promise<BuildRow | undefined> {
    const live = await findLiveCodeVersion(this.db);
    const current = codeVersion ?? (await productCodeVersion(this.site.options.productSiteDir));
    if (live === undefined || live.code_version === current) return undefined;
    this.log.info({ buildId: live.build_id }, 'the live site was built with other code: publishing it again');
    try {
      return await this.start('publish', null, live.build_id);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'site_build_running') return undefined;
      throw error;
    }
  }

  /** Waits for a build this process runs (tests, the command line). */
  async settled(id: number): Promise<void> {
    await this.#running.get(id)?.done;
  }

  /** Stops builds in flight (the server is shutting down); they are recorded as failed. */
  async stop(): Promise<void> {
    for (const { abort } of this.#running.values()) abort.abort();
    await Promise.all([...this.#running.values()].map(({ done }) => done));
  }

  async #run(id: number, kind: SiteBuildKind, content: SiteContent, operatorId: number | null, signal: AbortSignal): Promise<void> {
    const startedMs = performance.now();
    let lastWrittenMs = 0;
    let latest = 'starting';
    const write = (progress: string) => reportProgress(this.db, id, progress).catch(() => undefined);
    const heartbeat = setInterval(() => void write(latest), heartbeatMs);
    try {
      await buildVersion({
        db: this.db,
        siteDir: this.siteDir,
        buildId: id,
        base: kind === 'publish' ? '/' : `/preview/${id}/`,
        content,
        signal,
        onProgress: (progress) => {
          latest = progress;
          if (performance.now() - lastWrittenMs < progressEveryMs) return;
          lastWrittenMs = performance.now();
          void write(progress);
        },
      });
      // In the database before anyone is told: every process serves it from there (decision 057).
      await saveVersion(this.db, id, versionDir(this.siteDir, id));
      const durationMs = Math.round(performance.now() - startedMs);
      await this.db.transaction().execute(async (trx) => {
        await finishBuild(trx, id, { status: 'succeeded', durationMs });
        if (kind !== 'publish') return;
        const before = await findLiveForUpdate(trx);
        await setLive(trx, id, operatorId, siteLiveChannel);
        await recordAudit(trx, {
          operatorId,
          action: 'site.publish',
          subjectType: 'site_version',
          subjectId: id,
          before: { live_version: before },
          after: { live_version: id, duration_ms: durationMs },
        });
      });
      this.metrics?.siteBuildSeconds.observe({ kind, outcome: 'succeeded' }, durationMs / 1000);
      this.log.info({ buildId: id, kind, durationMs }, 'site built');
      if (kind === 'publish') await this.site.refresh();
      await this.#prune();
    } catch (error) {
      const durationMs = Math.round(performance.now() - startedMs);
      const message =
        error instanceof SiteBuildError ? explained(content, error.message) : 'The build could not run; the server log has the details.';
      this.metrics?.siteBuildSeconds.observe({ kind, outcome: 'failed' }, durationMs / 1000);
      this.log.error({ err: error, buildId: id }, 'site build failed');
      await this.db.transaction().execute(async (trx) => {
        await finishBuild(trx, id, { status: 'failed', durationMs, error: message });
        if (kind === 'publish') {
          await recordAudit(trx, {
            operatorId,
            action: 'site.publish_failed',
            subjectType: 'site_version',
            subjectId: id,
            after: { error: message },
          });
        }
      });
      await fs.rm(`${versionDir(this.siteDir, id)}.partial`, { recursive: true, force: true });
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Makes an earlier published version live again. */
  async rollback(id: number, operatorId: number | null): Promise<void> {
    const kept = await listPublished(this.db, publishedVersionsKept);
    if (!kept.some((build) => build.id === id)) throw notFound('site_version_not_found', 'No such published version of the site');
    const folder = versionDir(this.siteDir, id);
    // Built or served on another process only: written out from the database here (decision 057).
    const here = await fs.access(path.join(folder, '404.html')).then(
      () => true,
      () => writeVersionOut(this.db, id, folder),
    );
    if (!here) throw notFound('site_version_not_found', 'No such published version of the site');
    await this.db.transaction().execute(async (trx) => {
      const before = await findLiveForUpdate(trx);
      await setLive(trx, id, operatorId, siteLiveChannel);
      // The editor holds what is live again: a draft left as it was would read "changed" and come back with the next publish.
      const content = (await findBuildContent(trx, id)) as SiteContent;
      for (const ref of allSections()) {
        const draft = sectionOf(content, ref);
        if (draft !== undefined) await saveDraft(trx, ref, draft, operatorId);
      }
      await recordAudit(trx, {
        operatorId,
        action: 'site.rollback',
        subjectType: 'site_version',
        subjectId: id,
        before: { live_version: before },
        after: { live_version: id, drafts: 'restored to this version' },
      });
    });
    await this.site.refresh();
  }

  /** Removes version folders no one can reach any more: neither live, in the history, nor a recent preview. */
  async #prune(): Promise<void> {
    const keep = new Set([
      ...(await listSucceededIds(this.db, 'publish', publishedVersionsKept)),
      ...(await listSucceededIds(this.db, 'preview', previewVersionsKept)),
    ]);
    const live = this.site.current.buildId;
    if (live !== null) keep.add(live);
    const folder = siteFolders(this.siteDir).versions;
    for (const name of await fs.readdir(folder)) {
      if (/^\d+$/.test(name) && !keep.has(Number(name)) && !this.#running.has(Number(name))) {
        await fs.rm(path.join(folder, name), { recursive: true, force: true });
      }
    }
    await forgetVersionFiles(this.db, [...keep, ...this.#running.keys()]);
  }
}

/** The build's own words, led by the pages and fields they concern, without the build tool's stack trace. */
function explained(content: SiteContent, message: string): string {
  const words = message.split(/\n\s*(?:Location|Stack trace):/)[0] ?? message;
  const fields = fieldsNamedBy(content, words);
  return fields.length === 0 ? words : `${fields.join('; ')}\n${words}`;
}
