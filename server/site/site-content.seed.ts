import fs from 'node:fs/promises';
import path from 'node:path';
import { locales } from '../../locales/index.ts';
import type { Db } from '../db/database.ts';
import { markSeed, seedMark } from '../db/seed-marks.repository.ts';
import { filesDigest } from '../shared/files-digest.ts';
import { insertMissingDrafts, listDrafts, saveDraft } from './site-content.repository.ts';
import { everyLocale, type CatalogEntry, type SectionRef } from './site-content.ts';

/** The repository's brand content: the seed of an empty database (decision 022). */
export const seedContentDir = path.resolve(import.meta.dirname, '../../site/content');

async function readYaml(file: string): Promise<unknown> {
  // Loaded when a seed is read, which a start with an unchanged seed never does.
  const { parse } = await import('yaml');
  return parse(await fs.readFile(path.join(seedContentDir, file), 'utf8')) as unknown;
}

const brandFile = (locale: string) => `brand/${locale}.yaml`;
const settingsFile = 'settings/site.yaml';
const partnersFile = 'partners.yaml';
const sectionFiles = [...locales.map(brandFile), settingsFile, partnersFile];
const seedMarkName = 'site_content';

/** Every section of the seed, as rows of site_content. */
export async function seedSections(): Promise<(SectionRef & { draft: unknown })[]> {
  const rows: (SectionRef & { draft: unknown })[] = [];
  for (const locale of locales) {
    const brand = (await readYaml(brandFile(locale))) as Record<string, unknown>;
    for (const [section, draft] of Object.entries(brand)) rows.push({ section, locale, draft });
  }
  rows.push({ section: 'settings', locale: everyLocale, draft: await readYaml(settingsFile) });
  rows.push({ section: 'partners', locale: everyLocale, draft: await readYaml(partnersFile) });
  return rows;
}

/**
 * Fills an empty database with the repository's content. Sections already there keep what operators
 * made of them; a field the schema gained since (a new label, say) is added to them from the seed, so
 * the next build does not fail for want of it. While the seed's files are those applied last, a start
 * reads and writes nothing.
 */
export async function seedSiteContent(db: Db): Promise<number> {
  // A fingerprint of the seed's files, recorded when the seed is applied (migration 0023).
  const digest = await filesDigest(seedContentDir, sectionFiles);
  if ((await seedMark(db, seedMarkName)) === digest) return 0;
  const seed = await seedSections();
  const inserted = await insertMissingDrafts(db, seed);
  const drafts = new Map((await listDrafts(db)).map((row) => [`${row.section}/${row.locale}`, row.draft]));
  for (const row of seed) {
    const current = drafts.get(`${row.section}/${row.locale}`);
    if (!isRecord(current) || !isRecord(row.draft)) continue;
    const added = Object.entries(row.draft).filter(([field]) => !(field in current));
    if (added.length > 0) await saveDraft(db, row, { ...current, ...Object.fromEntries(added) }, null);
  }
  await markSeed(db, seedMarkName, digest);
  return inserted;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The repository's catalogue file: what the product's own build shows. */
export async function seedCatalogEntries(): Promise<CatalogEntry[]> {
  return (await readYaml('catalog.yaml')) as CatalogEntry[];
}
