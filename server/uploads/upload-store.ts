import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageContentType } from '../db/schema-back-office.ts';

/**
 * Photos are kept in the database (migration 0041) under names the server makes up. Those uploaded before live in
 * the private upload folder (UPLOAD_DIR), readable by the server's own user only; nothing in it is ever served by path.
 */
export function newStoredName(contentType: ImageContentType): string {
  return `${randomBytes(16).toString('hex')}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}

export const partialSuffix = '.partial';
export const storedNamePattern = /^[0-9a-f]{32}\.(png|jpg)$/;

/**
 * Where a brand-site picture lives in the content the build reads: beside the brand files, in images/. Pages and
 * products both name their pictures so.
 */
export const picturePathPattern = /^\.\.\/images\/[A-Za-z0-9][\w.-]{0,100}\.(svg|png|jpe?g|webp|avif)$/;

/** The files in the upload folder, with their age; none when the folder does not exist yet. */
export async function listStoredFiles(uploadDir: string, now = Date.now()): Promise<{ name: string; ageMs: number }[]> {
  const names = await fs.readdir(uploadDir).catch(() => [] as string[]);
  const files = [];
  for (const name of names) {
    const stat = await fs.stat(path.join(uploadDir, name)).catch(() => undefined);
    if (stat?.isFile() === true) files.push({ name, ageMs: now - stat.mtimeMs });
  }
  return files;
}

export async function readImage(uploadDir: string, storedName: string): Promise<Buffer> {
  // Stored names are ours (hex and an extension); the check keeps any other value out of the path.
  if (!storedNamePattern.test(storedName)) throw new Error('Unexpected stored name');
  return fs.readFile(path.join(uploadDir, storedName));
}

export async function removeImage(uploadDir: string, storedName: string): Promise<void> {
  await fs.rm(path.join(uploadDir, storedName), { force: true });
}
