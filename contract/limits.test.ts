import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** The server's and the widgets' source files, tests left out. */
function sources(): string[] {
  return ['server', 'widgets'].flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.'))
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
}

/**
 * A limit a member is told about (a least amount, a card number's length, a referral code's length)
 * is what contract/limits.ts says, in the refusal and in the API document alike: a number written
 * again beside it would go on telling the old limit the day the contract's changes.
 */
const restatedLimit = [
  /(?:at least|less than|least amount is) \d+(?![\d ]*digits)/,
  /\d+ to \d+ digits/,
  /\^\[0-9\]\{\d+,\d+\}/,
  /referral[^\n]*maxLength: \d/i,
  /\{ min: \d+, max: \d+ \}/,
  /(?:username|password|referralCode)\w*Length\w* = \d/,
];

describe('business limits', () => {
  it('are written in contract/limits.ts only: no server or widget file states one as a number of its own', () => {
    const restated = sources().flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          restatedLimit.some((pattern) => pattern.test(line)) ? [`${path.relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(restated).toEqual([]);
  });
});
