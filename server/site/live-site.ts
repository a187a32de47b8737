import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import type { StopListening } from '../db/listen-notify.ts';
import { versionDir } from './site-build.ts';
import { inlineScriptHashesFile } from './inline-scripts.ts';
import { findLive } from './site-content.repository.ts';
import { writeVersionOut } from './site-version-store.ts';

/** The channel a switch of the live version is announced on, with the build id as payload (decision 022). */
export const siteLiveChannel = 'site_live';

/** One built version of the site as the static handler serves it: its files by URL and its page policy. */
export interface SiteVersion {
  /** Null for the site built with the product (before the first publish). */
  buildId: number | null;
  files: Map<string, string>;
  policy: string;
}

export interface LiveSiteOptions {
  /** The site built with the product (dist/site), served until the first publish. */
  productSiteDir: string;
  widgetsDir: string;
  /** SITE_DIR: where the published and preview versions are. */
  siteDir: string;
  /** The Content-Security-Policy of the pages built into these folders (their inline scripts are hashed). */
  policyOf(folders: string[]): string;
  log: FastifyBaseLogger;
}

/** Preview versions kept indexed in memory; older ones are read again when asked for. */
const previewsIndexedMax = 4;

/**
 * The version of the brand site this process serves, held in memory and swapped whole: a request
 * reads one version from start to end, so no one sees half a site. The live version's id is in the
 * database; every process reads it at start, when NOTIFY says it changed, and whenever the listener
 * reconnects (it may have missed a switch meanwhile).
 */
export class LiveSite {
  #current: SiteVersion;
  readonly #previews = new Map<number, SiteVersion>();
  #stop: StopListening | undefined;
  #refreshing: Promise<void> = Promise.resolve();
  readonly options: LiveSiteOptions;
  readonly database: DatabaseHandle | undefined;

  constructor(options: LiveSiteOptions, database?: DatabaseHandle) {
    this.options = options;
    this.database = database;
    this.#current = this.#index(null, options.productSiteDir);
  }

  get current(): SiteVersion {
    return this.#current;
  }

  async start(): Promise<void> {
    if (this.database === undefined) return;
    this.#stop = await this.database.listen(siteLiveChannel, {
      onMessage: () => void this.refresh(),
      onListening: () => void this.refresh(),
      onLost: () => undefined,
    });
    await this.refresh();
  }

  async stop(): Promise<void> {
    await this.#stop?.();
    this.#stop = undefined;
  }

  /** Reads the live version's id and, when it changed, indexes that version and swaps to it. Refreshes queue. */
  refresh(): Promise<void> {
    this.#refreshing = this.#refreshing
      .then(() => this.#refresh())
      .catch((error: unknown) => {
        this.options.log.error({ err: error }, 'could not read the live version of the site');
      });
    return this.#refreshing;
  }

  async #refresh(): Promise<void> {
    if (this.database === undefined) return;
    const { build_id: buildId } = await findLive(this.database.db);
    if (buildId === this.#current.buildId) return;
    if (buildId === null) {
      this.#current = this.#index(null, this.options.productSiteDir);
      return;
    }
    const folder = versionDir(this.options.siteDir, buildId);
    // Built by another process: written out from the database into this process's own SITE_DIR (decision 057).
    if (!isVersionFolder(folder) && !(await writeVersionOut(this.database.db, buildId, folder))) {
      this.options.log.error(
        { buildId },
        'the live version of the site is neither in SITE_DIR nor in the database; still serving the previous one',
      );
      return;
    }
    this.#current = this.#index(buildId, folder);
    this.options.log.info({ buildId }, 'serving a new version of the site');
  }

  /** A preview version, or undefined when it was never built (or has been removed). */
  async preview(buildId: number): Promise<SiteVersion | undefined> {
    const known = this.#previews.get(buildId);
    if (known !== undefined) return known;
    const folder = versionDir(this.options.siteDir, buildId);
    // A build renames its folder into place only once complete: being there is enough for a preview.
    const here = fs.existsSync(folder) || (this.database !== undefined && (await writeVersionOut(this.database.db, buildId, folder)));
    if (!here) return undefined;
    const version = this.#index(buildId, folder);
    this.#previews.set(buildId, version);
    if (this.#previews.size > previewsIndexedMax) this.#previews.delete(this.#previews.keys().next().value ?? buildId);
    return version;
  }

  #index(buildId: number | null, folder: string): SiteVersion {
    const files = new Map<string, string>();
    indexFolder(folder, '', files);
    indexFolder(this.options.widgetsDir, '/widgets', files);
    return { buildId, files, policy: this.options.policyOf([folder, this.options.widgetsDir]) };
  }
}

/** A version folder complete enough to serve: a build writes its pages before it is renamed into place. */
function isVersionFolder(folder: string): boolean {
  return fs.existsSync(path.join(folder, 'index.html')) || fs.existsSync(path.join(folder, '404.html'));
}

function indexFolder(root: string, urlPrefix: string, files: Map<string, string>): void {
  if (!fs.existsSync(root)) return;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name === inlineScriptHashesFile) continue;
    const absolute = path.join(entry.parentPath, entry.name);
    const url = `${urlPrefix}/${path.relative(root, absolute).split(path.sep).join('/')}`;
    files.set(url, absolute);
  }
}
