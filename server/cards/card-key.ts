import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { makePrivateFolder } from '../shared/private-folder.ts';

const keyFileName = 'card-number.key';

/**
 * The card-number key kept in the data folder when CARD_NUMBER_KEY is not set: made once,
 * readable by the server's user only, and the same on every later start.
 */
export async function loadOrCreateCardKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, keyFileName);
  try {
    const hex = (await fs.readFile(file, 'utf8')).trim();
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${file} does not hold a 32-byte hex key`);
    return Buffer.from(hex, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await makePrivateFolder(dataDir);
  const key = randomBytes(32);
  try {
    await fs.writeFile(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateCardKey(dataDir);
    throw error;
  }
}

/** The name of the card-number key inside a backup archive, sealed with the operator's passphrase. */
export const sealedKeyFileName = `${keyFileName}.sealed`;
export { keyFileName as cardKeyFileName };

/** A backup passphrase shorter than this is refused: it alone guards the card numbers in the archive. */
export const backupPassphraseLengthMin = 12;
const scryptParameters = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

interface SealedKey {
  format: 'card-number-key/scrypt/aes-256-gcm';
  salt: string;
  iv: string;
  tag: string;
  sealed: string;
}

/** The key file's text sealed with a passphrase (scrypt, then AES-256-GCM), as JSON. */
export function sealKeyFile(keyFileText: string, passphrase: string): string {
  if (passphrase.length < backupPassphraseLengthMin) {
    throw new Error(`The backup passphrase must be at least ${backupPassphraseLengthMin} characters`);
  }
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', scryptSync(passphrase, salt, 32, scryptParameters), iv);
  const sealed = Buffer.concat([cipher.update(keyFileText, 'utf8'), cipher.final()]);
  const out: SealedKey = {
    format: 'card-number-key/scrypt/aes-256-gcm',
    salt: salt.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    sealed: sealed.toString('base64'),
  };
  return `${JSON.stringify(out)}\n`;
}

/** The key file's text from a sealed key; a wrong passphrase (or a changed file) is refused. */
export function openSealedKeyFile(sealedText: string, passphrase: string): string {
  const sealed = JSON.parse(sealedText) as SealedKey;
  const decipher = createDecipheriv(
    'aes-256-gcm',
    scryptSync(passphrase, Buffer.from(sealed.salt, 'base64'), 32, scryptParameters),
    Buffer.from(sealed.iv, 'base64'),
  );
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(sealed.sealed, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('The backup passphrase does not open the card-number key in this archive');
  }
}

/** The key card numbers are sealed with; prepareServer and the tests always set it. */
export function cardKeyOf(app: FastifyInstance): Buffer {
  const key = app.config.cardNumberKey;
  if (key === undefined) throw new Error('No card-number key configured');
  return key;
}
