import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stalledFilesReporter } from '../../scripts/stalled-files-reporter.mjs';

type Finished = Parameters<NonNullable<ReturnType<typeof stalledFilesReporter>['onTestRunFinished']>>[0];

function session(testFile: string, passed: boolean, errors: string[], failedTest = false) {
  return {
    testFile,
    passed,
    errors: errors.map((message) => ({ message })),
    testResults: { name: '', suites: [{ name: 'a', suites: [], tests: [{ name: 't', passed: !failedTest, skipped: false }] }], tests: [] },
  };
}

describe('the component tests’ stalled-file report', () => {
  it('names a file whose page never finished apart from one whose test failed', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stalled-')), 'summary.json');
    const sessions = [
      session('ok.tsx', true, []),
      session('stalled.tsx', false, [
        'Browser tests did not finish within 120000ms.',
        'TimeoutError: page.goto: Timeout 30000ms exceeded.',
      ]),
      session('failed.tsx', false, ['Browser tests did not finish within 120000ms.'], true),
      session('broken.tsx', false, ['SyntaxError: Unexpected token']),
    ];
    stalledFilesReporter(file).onTestRunFinished?.({ testRun: 0, sessions } as unknown as Finished);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      failed: ['stalled.tsx', 'failed.tsx', 'broken.tsx'],
      stalled: ['stalled.tsx'],
    });
  });
});
