import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A fingerprint of the named files under `folder`, names and contents both (a seed's inputs, migration 0023). */
export async function filesDigest(folder: string, files: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(await fs.readFile(path.join(folder, file)));
  return hash.digest('base64url');
}
