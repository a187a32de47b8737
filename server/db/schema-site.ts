import type { ColumnType, Generated } from 'kysely';

/** The published brand site's tables (migration 0013, decision 022). */
export interface SiteTables {
  site_content: SiteContentTable;
  site_builds: SiteBuildTable;
  site_live: SiteLiveTable;
  site_pictures: SitePictureTable;
  site_blobs: SiteBlobTable;
  site_version_files: SiteVersionFileTable;
}

/** Migration 0041: pictures operators uploaded for the brand site. */
export interface SitePictureTable {
  name: string;
  content: Buffer;
  created_at: ColumnType<Date, never, never>;
}

/** Migration 0041: the files of built versions, once per content. */
export interface SiteBlobTable {
  sha256: string;
  content: Buffer;
}

export interface SiteVersionFileTable {
  build_id: number;
  path: string;
  sha256: string;
}

export interface SiteContentTable {
  section: string;
  locale: string;
  draft: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: number | null;
  /** Another locale of the page was changed since this one was saved (migration 0027). */
  translation_behind: ColumnType<boolean, boolean | undefined, boolean>;
}

export type SiteBuildKind = 'preview' | 'publish';
export type SiteBuildStatus = 'running' | 'succeeded' | 'failed';

export interface SiteBuildTable {
  id: Generated<number>;
  kind: SiteBuildKind;
  status: SiteBuildStatus;
  content: ColumnType<unknown, string, never>;
  started_by: number | null;
  started_at: ColumnType<Date, never, never>;
  heartbeat_at: ColumnType<Date, never, Date>;
  finished_at: ColumnType<Date | null, never, Date>;
  duration_ms: number | null;
  progress: ColumnType<string, never, string>;
  error: string | null;
  code_version: ColumnType<string | null, string | null, never>;
}

export interface SiteLiveTable {
  id: number;
  build_id: number | null;
  switched_at: ColumnType<Date, never, Date>;
  switched_by: number | null;
}
