import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { cardKeyFileName, openSealedKeyFile, sealKeyFile, sealedKeyFileName } from '../cards/card-key.ts';
import type { Config } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { makePrivateFolder } from '../shared/private-folder.ts';
import { readSecret } from './read-secret.ts';

/**
 * Backups of the embedded database: one gzip tar of DATA_DIR, which holds the PGlite data and
 * the uploaded photos (UPLOAD_DIR's default), written readable by its owner only (0600). The
 * card-number key file is left out, to be kept apart, unless the operator gives a passphrase
 * (BACKUP_PASSPHRASE, or asked with --with-key): then it travels sealed with it, and a restore
 * opens it with the same passphrase (docs/decisions/053-production-install-and-backups.md). The server must be
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

/** How the operator gives the passphrase that seals the card-number key: the variable, or --with-key to be asked. */
export interface KeyPassphrase {
  /** BACKUP_PASSPHRASE from the environment, if set. */
  fromEnvironment: string | undefined;
  /** --with-key: ask on the terminal when the variable is not set. */
  ask: boolean;
}

async function passphraseOf(given: KeyPassphrase, prompt: string): Promise<string | undefined> {
  if (given.fromEnvironment !== undefined && given.fromEnvironment !== '') return given.fromEnvironment;
  return given.ask ? readSecret(prompt, 'BACKUP_PASSPHRASE') : undefined;
}

export async function backup(config: Config, file: string | undefined, given: KeyPassphrase): Promise<string> {
  if (file === undefined) throw new Error('Usage: npm run admin -- backup <file.tar.gz> [--with-key]');
  embeddedOnly(config);
  if (!fs.existsSync(config.dataDir)) throw new Error(`DATA_DIR ${config.dataDir} does not exist`);
  const passphrase = await passphraseOf(given, 'Passphrase to seal the card-number key in the backup: ');
  const keyFile = path.join(config.dataDir, cardKeyFileName);
  const sealing = passphrase !== undefined && fs.existsSync(keyFile);
  // A clean open and close leaves the folder checkpointed and proves it is a working database.
  const summary = await ledgerSummary(config.dataDir);
  const target = path.resolve(file);
  const partial = `${target}.partial`;
  // Made 0600 before tar writes into it (tar keeps an existing file's mode): never readable by others, whatever the umask.
  fs.rmSync(partial, { force: true });
  fs.closeSync(fs.openSync(partial, 'wx', 0o600));
  const scratch = sealing ? fs.mkdtempSync(path.join(path.dirname(target), '.backup-key-')) : undefined;
  try {
    const sealedPart: string[] = [];
    if (scratch !== undefined && passphrase !== undefined) {
      fs.writeFileSync(path.join(scratch, sealedKeyFileName), sealKeyFile(fs.readFileSync(keyFile, 'utf8'), passphrase), { mode: 0o600 });
      sealedPart.push('-C', scratch, `./${sealedKeyFileName}`);
    }
    await run('tar', ['-czf', partial, `--exclude=./${cardKeyFileName}`, '-C', config.dataDir, '.', ...sealedPart]);
  } finally {
    if (scratch !== undefined) fs.rmSync(scratch, { recursive: true, force: true });
  }
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, target);
  const keyNote =
    config.cardNumberKey !== undefined
      ? 'CARD_NUMBER_KEY comes from the environment: keep it safe apart'
      : sealing
        ? 'the card-number key is inside, sealed with your passphrase: keep the passphrase apart from the archive'
        : `the card-number key is NOT inside: keep a copy of ${keyFile} apart (or back up with BACKUP_PASSPHRASE)`;
  return `backed up ${config.dataDir} to ${target} (readable by you only); ${summary}; ${keyNote}`;
}

/**
 * Restores an archive into DATA_DIR. Whatever DATA_DIR held is kept, renamed aside, never
 * deleted; the restored database is migrated and its ledger checked before this succeeds.
 */
export async function restore(config: Config, file: string | undefined, given: KeyPassphrase): Promise<string> {
  if (file === undefined) throw new Error('Usage: npm run admin -- restore <file.tar.gz>');
  embeddedOnly(config);
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`${source} does not exist`);
  const members = (await run('tar', ['-tzf', source])).stdout.split('\n');
  const sealedKey = members.includes(`./${sealedKeyFileName}`);
  // Asked before anything moves: a wrong passphrase is refused with DATA_DIR as it was.
  const passphrase = sealedKey
    ? await passphraseOf({ ...given, ask: true }, 'Passphrase of the card-number key in the backup: ')
    : undefined;
  let keyText: string | undefined;
  if (sealedKey && passphrase !== undefined) {
    const sealedText = (await run('tar', ['-xzOf', source, `./${sealedKeyFileName}`])).stdout;
    keyText = openSealedKeyFile(sealedText, passphrase);
  }
  let setAside = '';
  if (fs.existsSync(config.dataDir) && fs.readdirSync(config.dataDir).length > 0) {
    setAside = `${config.dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(config.dataDir, setAside);
  }
  await makePrivateFolder(config.dataDir);
  await run('tar', ['-xzf', source, '-C', config.dataDir, '--no-same-owner', `--exclude=./${sealedKeyFileName}`]);
  // The archive's own entry for the folder may carry looser modes: the folder stays private.
  await makePrivateFolder(config.dataDir);
  const keyFile = path.join(config.dataDir, cardKeyFileName);
  if (keyText !== undefined) fs.writeFileSync(keyFile, keyText, { mode: 0o600, flag: 'wx' });
  const summary = await ledgerSummary(config.dataDir);
  const keyNote =
    keyText !== undefined
      ? 'the card-number key was opened with your passphrase'
      : config.cardNumberKey !== undefined || fs.existsSync(keyFile)
        ? ''
        : `the archive holds no card-number key: copy the one you kept apart to ${keyFile} (mode 0600) before starting the server, or stored card numbers cannot be read`;
  return [
    `restored ${source} into ${config.dataDir}${setAside === '' ? '' : `; the previous folder is kept at ${setAside}`}`,
    summary,
    ...(keyNote === '' ? [] : [keyNote]),
  ].join('; ');
}
