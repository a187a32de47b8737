import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** An executable inline script: no src, and a type browsers run (none, a JavaScript type, or module). */
const inlineScriptPattern = /<script(?![^>]*\bsrc=)((?:\s[^>]*)?)>([\s\S]*?)<\/script>/gi;
const dataTypePattern = /\btype=["']?(?!module\b|text\/javascript\b|application\/javascript\b)[^\s"'>]+/i;

/**
 * What the site's build records in each built folder (astro.config.mjs): the hashes of its inline
 * scripts, so a start-up reads one small file instead of every page. The site never serves it.
 */
export const inlineScriptHashesFile = 'inline-script-hashes.json';

/**
 * The CSP hashes ('sha256-…') of every inline script in the built HTML under the given folders.
 * Astro inlines its island loader and small scripts (and /empty has one of its own); hashing
 * them lets a strict script-src allow exactly those and nothing injected.
 */
export function inlineScriptHashes(folders: string[]): string[] {
  const hashes = new Set<string>();
  for (const folder of folders) {
    const recorded = path.join(folder, inlineScriptHashesFile);
    const found = fs.existsSync(recorded) ? (JSON.parse(fs.readFileSync(recorded, 'utf8')) as string[]) : hashesOfPages(folder);
    for (const hash of found) hashes.add(hash);
  }
  return [...hashes].sort();
}

/** Records a freshly built folder's hashes (the build's last step). */
export function recordInlineScriptHashes(folder: string): void {
  fs.writeFileSync(path.join(folder, inlineScriptHashesFile), JSON.stringify(hashesOfPages(folder)));
}

function hashesOfPages(folder: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(folder)) {
    const html = fs.readFileSync(file, 'utf8');
    for (const [, attributes = '', body = ''] of html.matchAll(inlineScriptPattern)) {
      if (body.trim() === '' || dataTypePattern.test(attributes)) continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

function htmlFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
