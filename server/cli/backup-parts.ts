import fs from 'node:fs';
import path from 'node:path';
import { openSealedKeyFile, sealKeyFile, sealedKeyFileName } from '../cards/card-key.ts';
import { migrateToLatest, openDatabase, type DatabaseTarget } from '../db/database.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { readSecret } from './read-secret.ts';

/** What both kinds of backup share: the passphrase, the sealed key, the private archive and the ledger check. */

/** Migrates the database and checks its ledger: what a backup states and a restore must pass. */
export async function ledgerSummary(target: DatabaseTarget): Promise<string> {
  const database = await openDatabase(target);
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

export async function passphraseOf(given: KeyPassphrase, prompt: string): Promise<string | undefined> {
  if (given.fromEnvironment !== undefined && given.fromEnvironment !== '') return given.fromEnvironment;
  return given.ask ? readSecret(prompt, 'BACKUP_PASSPHRASE') : undefined;
}

/** Asks for the passphrase to seal the key with, for a backup. */
export const sealingPassphrase = (given: KeyPassphrase) => passphraseOf(given, 'Passphrase to seal the card-number key in the backup: ');

/** Writes the key file sealed with the passphrase into the folder, 0600. */
export function writeSealedKey(folder: string, keyFile: string, passphrase: string): void {
  fs.writeFileSync(path.join(folder, sealedKeyFileName), sealKeyFile(fs.readFileSync(keyFile, 'utf8'), passphrase), { mode: 0o600 });
}

/**
 * The key inside an archive, opened with the passphrase (asked for when the archive has one and the variable is not
 * set): before anything moves, so a wrong passphrase changes nothing. Undefined when the archive has none.
 */
export async function openArchiveKey(
  given: KeyPassphrase,
  hasSealedKey: boolean,
  readSealed: () => Promise<string>,
): Promise<string | undefined> {
  if (!hasSealedKey) return undefined;
  const passphrase = await passphraseOf({ ...given, ask: true }, 'Passphrase of the card-number key in the backup: ');
  return passphrase === undefined ? undefined : openSealedKeyFile(await readSealed(), passphrase);
}

/** An empty archive file only its owner can read, made before tar writes into it (tar keeps an existing file's mode). */
export function privateArchive(target: string): string {
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  fs.closeSync(fs.openSync(partial, 'wx', 0o600));
  return partial;
}

/** Puts the finished archive in place, 0600 whatever tar did. */
export function finishArchive(partial: string, target: string): void {
  fs.chmodSync(partial, 0o600);
  fs.renameSync(partial, target);
}

/** A folder's name for keeping it aside during a restore: never deleted. */
export const asideName = (folder: string) => `${folder}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;

/** What the operator is told of the card-number key after a backup. */
export function backupKeyNote(fromEnvironment: boolean, sealed: boolean, keyFile: string): string {
  if (fromEnvironment) return 'CARD_NUMBER_KEY comes from the environment: keep it safe apart';
  if (sealed) return 'the card-number key is inside, sealed with your passphrase: keep the passphrase apart from the archive';
  return `the card-number key is NOT inside: keep a copy of ${keyFile} apart (or back up with BACKUP_PASSPHRASE)`;
}

/** What the operator is told of the card-number key after a restore ('' when nothing needs doing). */
export function restoreKeyNote(opened: boolean, keyPresent: boolean, keyFile: string): string {
  if (opened) return 'the card-number key was opened with your passphrase';
  if (keyPresent) return '';
  return `the archive holds no card-number key: copy the one you kept apart to ${keyFile} (mode 0600) before starting the server, or stored card numbers cannot be read`;
}
