import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { seedDatabase } from '../../server/seed.ts';

/**
 * An embedded data folder migrated and seeded once per end-to-end run and copied into each product's
 * empty folder: a first start spends seconds in initdb and the migrations (ten times that on a busy
 * machine), a copy a few milliseconds. What a first start does beyond the database (the card-number
 * key, the upload folder) still happens in each product; one test starts from a truly empty folder.
 */
const templateVariable = 'GS_TEST_DATA_DIR_TEMPLATE';

/** Makes the run's template folder and says where it is; the function it returns removes it. */
export async function prepareDataDirTemplate(): Promise<() => Promise<void>> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-data-template-'));
  const database = await openDatabase({ dataDir: folder });
  await migrateToLatest(database.db);
  await seedDatabase(database.db);
  await database.close();
  process.env[templateVariable] = folder;
  return () => fs.rm(folder, { recursive: true, force: true });
}

/** Copies the run's template into `folder` when there is one and the folder holds no database yet. */
export async function copyDataDirTemplate(folder: string): Promise<void> {
  const template = process.env[templateVariable];
  if (template === undefined) return;
  const existing = await fs.readdir(folder).catch(() => []);
  if (existing.length > 0) return;
  await fs.cp(template, folder, { recursive: true });
}
