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

/**
 * Backups on PostgreSQL (DATABASE_URL): one gzip tar, 0600, of the database as `pg_dump --format=custom` writes it,
 * the uploaded photos (UPLOAD_DIR) and the brand site's versions (SITE_DIR), and the card-number key only sealed with
 * the operator's passphrase (decision 053). The dump is PostgreSQL's own consistent snapshot, taken while the servers
 * run; the folders are copied after it, so they hold every photo and version the dump names (and perhaps a newer
 * one, unused). A restore needs the servers stopped: it replaces the database's contents with `pg_restore --clean`
 * in one transaction, sets the current folders aside (never deleting them), migrates and checks the ledger.
 * `pg_dump` and `pg_restore` of the server's major version or newer must be installed.
 */

const run = promisify(execFile);
const dumpName = 'database.dump';
const manifestName = 'backup.json';
const folders = (config: Config) =>
  [
    ['uploads', config.uploadDir],
    ['site', config.siteDir],
  ] as const;

/** The archive was made from PostgreSQL. */
export const isPostgresArchive = (members: readonly string[]) => members.includes(`./${dumpName}`);

/** The URL without its password, and the password for the tools' environment: never on a command line others can read. */
function connection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) } };
}

async function tool(name: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(name, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as { code?: string; stderr?: string };
    if (failure.code === 'ENOENT')
      throw new Error(`${name} is not installed: install PostgreSQL's client tools of the server's version`, { cause: error });
    throw new Error(`${name} failed: ${(failure.stderr ?? String(error)).trim()}`, { cause: error });
  }
}

export async function backupPostgres(config: Config, databaseUrl: string, file: string, given: KeyPassphrase): Promise<string> {
  const passphrase = await sealingPassphrase(given);
  const keyFile = path.join(config.dataDir, cardKeyFileName);
  const sealing = passphrase !== undefined && config.cardNumberKey === undefined && fs.existsSync(keyFile);
  const summary = await ledgerSummary({ databaseUrl });
  const target = path.resolve(file);
  const partial = privateArchive(target);
  const scratch = fs.mkdtempSync(path.join(path.dirname(target), '.backup-'));
  try {
    fs.chmodSync(scratch, 0o700);
    const { url, env } = connection(databaseUrl);
    await tool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(scratch, dumpName)}`, `--dbname=${url}`],
      env,
    );
    fs.writeFileSync(path.join(scratch, manifestName), `${JSON.stringify({ database: 'postgres', made_at: new Date().toISOString() })}\n`);
    // Each folder under its own name in the archive: a link to it, followed by tar (an empty folder when there is none).
    for (const [name, folder] of folders(config)) {
      if (fs.existsSync(folder)) fs.symlinkSync(folder, path.join(scratch, name), 'dir');
      else fs.mkdirSync(path.join(scratch, name));
    }
    if (sealing && passphrase !== undefined) writeSealedKey(scratch, keyFile, passphrase);
    const parts = [manifestName, dumpName, 'uploads', 'site', ...(sealing ? [sealedKeyFileName] : [])].map((name) => `./${name}`);
    await run('tar', ['-czhf', partial, '-C', scratch, ...parts]);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  finishArchive(partial, target);
  const keyNote = backupKeyNote(config.cardNumberKey !== undefined, sealing, keyFile);
  return `backed up PostgreSQL, ${config.uploadDir} and ${config.siteDir} to ${target} (readable by you only); ${summary}; ${keyNote}`;
}

/** Puts the restored folder in place of the current one, which is set aside (never deleted) when it holds anything. */
function replaceFolder(restored: string, folder: string): string {
  let setAside = '';
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    setAside = asideName(folder);
    fs.renameSync(folder, setAside);
  } else {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  try {
    fs.renameSync(restored, folder);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EXDEV') throw error;
    fs.cpSync(restored, folder, { recursive: true });
  }
  return setAside;
}

export async function restorePostgres(
  config: Config,
  databaseUrl: string,
  source: string,
  members: readonly string[],
  given: KeyPassphrase,
): Promise<string> {
  if (!isPostgresArchive(members))
    throw new Error('This is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR');
  const keyText = await openArchiveKey(
    given,
    members.includes(`./${sealedKeyFileName}`),
    async () => (await run('tar', ['-xzOf', source, `./${sealedKeyFileName}`])).stdout,
  );
  // Beside the uploads folder, so the restored folders move into place without a copy.
  fs.mkdirSync(path.dirname(config.uploadDir), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(path.dirname(config.uploadDir), '.restore-'));
  try {
    fs.chmodSync(scratch, 0o700);
    await run('tar', ['-xzf', source, '-C', scratch, '--no-same-owner']);
    const { url, env } = connection(databaseUrl);
    // One transaction: a dump that does not restore leaves the database as it was.
    await tool(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${url}`,
        path.join(scratch, dumpName),
      ],
      env,
    );
    const setAside = folders(config)
      .map(([name, folder]) => [folder, replaceFolder(path.join(scratch, name), folder)] as const)
      .filter(([, aside]) => aside !== '')
      .map(([folder, aside]) => `${folder} is kept at ${aside}`);
    const keyFile = path.join(config.dataDir, cardKeyFileName);
    if (keyText !== undefined) {
      await makePrivateFolder(config.dataDir);
      if (fs.existsSync(keyFile)) fs.renameSync(keyFile, asideName(keyFile));
      fs.writeFileSync(keyFile, keyText, { mode: 0o600, flag: 'wx' });
    }
    const summary = await ledgerSummary({ databaseUrl });
    const keyNote = restoreKeyNote(keyText !== undefined, config.cardNumberKey !== undefined || fs.existsSync(keyFile), keyFile);
    return [`restored ${source} into PostgreSQL, ${config.uploadDir} and ${config.siteDir}`, ...setAside, summary, keyNote]
      .filter((part) => part !== '')
      .join('; ');
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
