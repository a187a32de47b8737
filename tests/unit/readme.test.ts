import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const readme = fs.readFileSync('README.md', 'utf8');

/** The README is where a newcomer starts (issue 32): short enough to read, every figure beyond it in docs/. */
describe('the README', () => {
  it('stays within 250 lines', () => {
    expect(readme.split('\n').length - 1).toBeLessThanOrEqual(250);
  });

  it('links only to files that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '');
    const local = targets.filter((target) => !/^[a-z]+:/.test(target));
    expect(local.length).toBeGreaterThan(0);
    expect(local.filter((target) => !fs.existsSync(path.resolve(target)))).toEqual([]);
  });
});
