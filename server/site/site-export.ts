import fs from 'node:fs/promises';
import path from 'node:path';
import { defaultLocale, htmlLang } from '../../locales/index.ts';
import zhs from '../../locales/zhs.json' with { type: 'json' };
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { versionDir } from './site-build.ts';
import { findLive } from './site-content.repository.ts';

/**
 * Writes the live version of the brand site, and the widget bundles under widgets/, as plain files
 * for any static host or CDN (decision 022): the pages with their compressed copies, the pictures,
 * the static 404.html the host shows for an unknown path, and a root index.html that sends a visitor
 * to the default locale's home page (simplified Chinese, without a prefix: decision 002), as the
 * server's own redirect of / does; a plain refresh, no script (the brand pages carry none).
 */
export async function exportSite(db: Db, config: Config, target: string | undefined): Promise<string> {
  if (target === undefined || target.trim() === '') throw new Error('Usage: npm run admin -- export-site <folder>');
  const folder = path.resolve(target);
  const { build_id: buildId } = await findLive(db);
  const source = buildId === null ? config.staticDir : versionDir(config.siteDir, buildId);
  const described = buildId === null ? 'the site built with the product' : `published version ${buildId}`;
  try {
    await fs.access(path.join(source, '404.html'));
  } catch {
    throw new Error(`${described} is not on this machine (${source}): build it (npm run build) or point SITE_DIR at the shared folder`);
  }
  const existing = await fs.readdir(folder).catch(() => []);
  if (existing.length > 0) throw new Error(`${folder} is not empty: export into a new or empty folder`);
  await fs.mkdir(folder, { recursive: true });
  await fs.cp(source, folder, { recursive: true });
  await fs.cp(config.widgetsDir, path.join(folder, 'widgets'), { recursive: true }).catch(() => undefined);
  await fs.writeFile(path.join(folder, 'index.html'), rootPage(), { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const files = (await fs.readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
  return `${described}: ${files} files written to ${folder}`;
}

/** The default locale's home, relative, so the export works under any folder of a host. */
const defaultHome = 'home/';

function rootPage(): string {
  return [
    '<!doctype html>',
    `<html lang="${htmlLang[defaultLocale]}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="refresh" content="0; url=${defaultHome}">`,
    `<link rel="canonical" href="${defaultHome}">`,
    `<title>${zhs.nav_home}</title>`,
    '</head>',
    `<body><a href="${defaultHome}">${zhs.nav_home}</a></body>`,
    '</html>',
    '',
  ].join('\n');
}
