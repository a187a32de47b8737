import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs the component tests in Chromium. A test file whose page stops answering altogether (the
 * browser never reports it finished, with no failed test; seen once in many runs, never
 * reproduced alone) is run once more on its own and counted by that second run. A test that fails
 * is never run again, and a file that stalls twice fails the command.
 */
const summary = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'component-tests-')), 'summary.json');
const runner = path.resolve('node_modules/.bin/web-test-runner');

function run(files: string[]): { status: number; failed: string[]; stalled: string[] } {
  fs.rmSync(summary, { force: true });
  const result = spawnSync(runner, files, { stdio: 'inherit', env: { ...process.env, COMPONENT_TESTS_SUMMARY: summary } });
  const written = fs.existsSync(summary)
    ? (JSON.parse(fs.readFileSync(summary, 'utf8')) as { failed: string[]; stalled: string[] })
    : { failed: [], stalled: [] };
  return { status: result.status ?? 1, ...written };
}

const first = run(process.argv.slice(2));
const onlyStalled = first.status !== 0 && first.stalled.length > 0 && first.stalled.length === first.failed.length;
if (!onlyStalled) process.exit(first.status);

const files = first.stalled.map((file) => path.relative(process.cwd(), file));
console.log(
  `\nThe browser page of ${files.join(', ')} stopped answering with no failed test; running ${files.length === 1 ? 'it' : 'them'} once more.\n`,
);
process.exit(run(files).status);
