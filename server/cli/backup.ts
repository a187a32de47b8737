import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';

/**
 * Backups of the embedded database: one gzip tar of DATA_DIR, which holds the PGlite data,
 * the uploaded photos (UPLOAD_DIR's default) and the card-number key file, so a restore brings
 * back records, photos and the key that reads the card numbers together. The server must be
 * stopped: PGlite allows one process, and a folder copied under a running server can be torn.
 * The database is opened and closed cleanly first, so the archive holds a checkpointed folder.
 * With DATABASE_URL, PostgreSQL's own pg_dump and pg_restore are the tools (see the README).
 */

const run = promisify(execFile);

const postgresAdvice =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump --format=custom and restore with pg_restore (see the README), and copy UPLOAD_DIR and the card-number key beside it';

function embeddedOnly(config: Config): void {
  if (config.databaseUrl !== undefined) throw new Error(postgresAdvice);
  const relative = path.relative(config.dataDir, config.uploadDir);
  if (relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new Error('UPLOAD_DIR is outside DATA_DIR: copy it beside the backup yourself, or keep uploads in DATA_DIR');
  }
}

async function ledgerSummary(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    const audit = await auditLedger(database.db);
    const broken = audit.unbalancedJournals.length + audit.driftedAccounts.length + audit.negativeAccounts.length > 0 || audit.total !== 0n;
    if (broken) throw new Error('ledger check failed after restore: run npm run admin -- verify-ledger for details');
    return `ledger consistent: ${audit.journals} journals, ${audit.entries} entries`;
  } finally {
    await database.close();
  }
}

export async function backup(config: Config, file: string | undefined): Promise<string> {
  if (file === undefined) throw new Error('Usage: npm run admin -- backup <file.tar.gz>');
  embeddedOnly(config);
  if (!fs.existsSync(config.dataDir)) throw new Error(`DATA_DIR ${config.dataDir} does not exist`);
  // A clean open and close leaves the folder checkpointed and proves it is a working database.
  const summary = await ledgerSummary(config.dataDir);
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  await run('tar', ['-czf', partial, '-C', config.dataDir, '.']);
  fs.renameSync(partial, target);
  const keyNote = config.cardNumberKey === undefined ? '' : ' (CARD_NUMBER_KEY comes from the environment: keep it safe apart)';
  return `backed up ${config.dataDir} to ${target}; ${summary}${keyNote}`;
}

/**
 * Restores an archive into DATA_DIR. Whatever DATA_DIR held is kept, renamed aside, never
 * deleted; the restored database is migrated and its ledger checked before this succeeds.
 */
export async function restore(config: Config, file: string | undefined): Promise<string> {
  if (file === undefined) throw new Error('Usage: npm run admin -- restore <file.tar.gz>');
  embeddedOnly(config);
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist`);
  await run('tar', ['-tzf', source]);
  let setAside = '';
  if (fs.existsSync(config.dataDir) && fs.readdirSync(config.dataDir).length > 0) {
    setAside = `${config.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(config.dataDir, setAside);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  await run('tar', ['-xzf', source, '-C', config.dataDir, '--no-same-owner']);
  const summary = await ledgerSummary(config.dataDir);
  return `restored ${source} into ${config.dataDir}${setAside === '' ? '' : `; the previous folder is kept at ${setAside}`}; ${summary}`;
}
