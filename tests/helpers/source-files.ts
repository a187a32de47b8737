import fs from 'node:fs';
import path from 'node:path';

/** Every TypeScript source file under `dir` (`.ts`, `.tsx`), tests left out: what a build or a reader of the code sees. */
export function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}
