import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

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
  await fs.mkdir(dataDir, { recursive: true });
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
