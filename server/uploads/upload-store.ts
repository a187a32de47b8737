import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageContentType } from '../db/schema-back-office.ts';

/**
 * Photos live in the private upload folder under names the server makes up, readable by the
 * server's own user only. Nothing in that folder is ever served by path.
 */
export async function storeImage(uploadDir: string, bytes: Buffer, contentType: ImageContentType): Promise<string> {
  await fs.mkdir(uploadDir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
  await fs.writeFile(path.join(uploadDir, name), bytes, { mode: 0o600, flag: 'wx' });
  return name;
}

export async function readImage(uploadDir: string, storedName: string): Promise<Buffer> {
  // Stored names are ours (hex and an extension); the check keeps any other value out of the path.
  if (!/^[0-9a-f]{32}\.(png|jpg)$/.test(storedName)) throw new Error('Unexpected stored name');
  return fs.readFile(path.join(uploadDir, storedName));
}

export async function removeImage(uploadDir: string, storedName: string): Promise<void> {
  await fs.rm(path.join(uploadDir, storedName), { force: true });
}
