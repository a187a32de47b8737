/**
 * Writes Brotli and gzip copies beside every text asset of the build, so the server sends
 * compressed bytes without compressing on each request (a slow phone network is the target).
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const folders = process.argv.slice(2);
const compressible = /\.(html|js|css|svg|json|txt|xml)$/;
/** Below this, compression headers cost more than they save. */
const bytesMin = 512;

let written = 0;
for (const folder of folders) {
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    if (content.length < bytesMin) continue;
    fs.writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    written += 1;
  }
}
console.log(`compressed ${written} files in ${folders.join(', ')}`);
