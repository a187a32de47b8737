import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { cardKeyFileName, sealedKeyFileName } from '../cards/card-key.ts';
import type { Config } from '../config.ts';
import { makePrivateFolder } from '../shared/private-folder.ts';
import {
  asideName,
  backupKeyNote,
  finishArchive,
  ledgerSummary,
  openArchiveKey,
  privateArchive,
  restoreKeyNote,
  sealingPassphrase,
  writeSealedKey,
  type KeyPassphrase,
} from './backup-parts.ts';
import { backupPostgres, isPostgresArchive, restorePostgres } from './postgres-backup.ts';

export type { KeyPassphrase } from './backup-parts.ts';

/**
 * `npm run admin -- backup FILE` and `restore FILE`, for either database (decision 053). On PostgreSQL
 * (DATABASE_URL) see postgres-backup.ts. On the embedded database: one gzip tar of DATA_DIR, which holds the PGlite
 * data, the uploaded photos and the brand site's versions (UPLOAD_DIR's and SITE_DIR's defaults), written readable by
 * its owner only (0600). The card-number key file is left out, to be kept apart, unless the operator gives a
 * passphrase (BACKUP_PASSPHRASE, or asked with --with-key): then it travels sealed with it, and a restore opens it
 * with the same passphrase. The server must be stopped: PGlite allows one process, and a folder copied under a running
 * server can be torn. The database is opened and closed cleanly first, so the archive holds a checkpointed folder.
 */

const run = promisify(execFile);

function embeddedFolders(config: Config): void {
  for (const [name, folder] of [
    ['UPLOAD_DIR', config.uploadDir],
    ['SITE_DIR', config.siteDir],
  ] as const) {
    const relative = path.relative(config.dataDir, folder);
    if (relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new Error(`${name} is outside DATA_DIR: copy it beside the backup yourself, or keep it in DATA_DIR`);
    }
  }
}

export async function backup(config: Config, file: string | undefined, given: KeyPassphrase): Promise<string> {
  if (file === undefined) throw new Error('Usage: npm run admin -- backup <file.tar.gz> [--with-key]');
  if (config.databaseUrl !== undefined) return backupPostgres(config, config.databaseUrl, file, given);
  embeddedFolders(config);
  if (!fs.existsSync(config.dataDir)) throw new Error(`DATA_DIR ${config.dataDir} does not exist`);
  const passphrase = await sealingPassphrase(given);
  const keyFile = path.join(config.dataDir, cardKeyFileName);
  const sealing = passphrase !== undefined && fs.existsSync(keyFile);
  // A clean open and close leaves the folder checkpointed and proves it is a working database.
  const summary = await ledgerSummary({ dataDir: config.dataDir });
  const target = path.resolve(file);
  const partial = privateArchive(target);
  const scratch = sealing ? fs.mkdtempSync(path.join(path.dirname(target), '.backup-key-')) : undefined;
  try {
    const sealedPart: string[] = [];
    if (scratch !== undefined && passphrase !== undefined) {
      writeSealedKey(scratch, keyFile, passphrase);
      sealedPart.push('-C', scratch, `./${sealedKeyFileName}`);
    }
    await run('tar', ['-czf', partial, `--exclude=./${cardKeyFileName}`, '-C', config.dataDir, '.', ...sealedPart]);
  } finally {
    if (scratch !== undefined) fs.rmSync(scratch, { recursive: true, force: true });
  }
  finishArchive(partial, target);
  const keyNote = backupKeyNote(config.cardNumberKey !== undefined, sealing, keyFile);
  return `backed up ${config.dataDir} to ${target} (readable by you only); ${summary}; ${keyNote}`;
}

/**
 * Restores an archive into DATA_DIR. Whatever DATA_DIR held is kept, renamed aside, never
 * deleted; the restored database is migrated and its ledger checked before this succeeds.
 */
export async function restore(config: Config, file: string | undefined, given: KeyPassphrase): Promise<string> {
  if (file === undefined) throw new Error('Usage: npm run admin -- restore <file.tar.gz>');
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist`);
  const members = (await run('tar', ['-tzf', source])).stdout.split('\n');
  if (config.databaseUrl !== undefined) return restorePostgres(config, config.databaseUrl, source, members, given);
  if (isPostgresArchive(members)) throw new Error('This is a backup of PostgreSQL: set DATABASE_URL to restore it');
  embeddedFolders(config);
  const keyText = await openArchiveKey(
    given,
    members.includes(`./${sealedKeyFileName}`),
    async () => (await run('tar', ['-xzOf', source, `./${sealedKeyFileName}`])).stdout,
  );
  let setAside = '';
  if (fs.existsSync(config.dataDir) && fs.readdirSync(config.dataDir).length > 0) {
    setAside = asideName(config.dataDir);
    fs.renameSync(config.dataDir, setAside);
  }
  await makePrivateFolder(config.dataDir);
  await run('tar', ['-xzf', source, '-C', config.dataDir, '--no-same-owner', `--exclude=./${sealedKeyFileName}`]);
  // The archive's own entry for the folder may carry looser modes: the folder stays private.
  await makePrivateFolder(config.dataDir);
  const keyFile = path.join(config.dataDir, cardKeyFileName);
  if (keyText !== undefined) fs.writeFileSync(keyFile, keyText, { mode: 0o600, flag: 'wx' });
  const summary = await ledgerSummary({ dataDir: config.dataDir });
  const keyNote = restoreKeyNote(keyText !== undefined, config.cardNumberKey !== undefined || fs.existsSync(keyFile), keyFile);
  return [
    `restored ${source} into ${config.dataDir}${setAside === '' ? '' : `; the previous folder is kept at ${setAside}`}`,
    summary,
    ...(keyNote === '' ? [] : [keyNote]),
  ].join('; ');
}
