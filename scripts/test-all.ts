import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The test command (`npm test`): every check, in two lanes that run side by side, one per core.
 * Each lane runs its steps in order; a step named in `waitsFor` also waits for another lane's step
 * (the unit tests' byte budgets read the build). The brand-site builds the tests start take turns
 * through the project folder's build lock (server/site/project-build-lock.ts), so the unit tests and
 * the end-to-end journeys may publish at the same time.
 * A step's output is kept apart and printed whole when it ends, with its time, so two lanes never
 * interleave their lines. Every step runs even when another fails; the command fails if any did.
 * `npm run test:quick` is the inner loop's subset: lint, types, and the unit and API tests on the
 * embedded database (without the budgets, which need a build).
 */
const lanes: Record<string, string[][]> = {
  all: [
    ['lint', 'typecheck', 'test:components', 'test:unit'],
    ['build', 'test:e2e'],
  ],
  quick: [['lint', 'typecheck'], ['test:quick:unit']],
};
const waitsFor: Record<string, string> = { 'test:unit': 'build' };

const chosen = process.argv[2] ?? 'all';
const plan = lanes[chosen];
if (plan === undefined) throw new Error(`No such set of tests: ${chosen} (${Object.keys(lanes).join(', ')})`);

const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'test-all-'));
const started = performance.now();
const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

interface Outcome {
  step: string;
  status: number;
  took: string;
}

function runStep(step: string): Promise<Outcome> {
  const since = performance.now();
  const logFile = path.join(logs, `${step.replaceAll(':', '-')}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn('npm', ['run', '--silent', step], { stdio: ['ignore', log, log], env: { ...process.env, FORCE_COLOR: '0' } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(log);
      const took = seconds(since);
      process.stdout.write(`\n──── ${step}: ${code === 0 ? 'passed' : 'FAILED'} in ${took} ────\n`);
      process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      resolve({ step, status: code ?? 1, took });
    });
  });
}

/** Each step's end, for a step in another lane that waits for it. */
const ended = new Map(plan.flat().map((step) => [step, Promise.withResolvers<void>()]));

async function runLane(steps: string[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    const before = waitsFor[step];
    if (before !== undefined) await ended.get(before)?.promise;
    outcomes.push(await runStep(step));
    ended.get(step)?.resolve();
  }
  return outcomes;
}

const outcomes = (await Promise.all(plan.map(runLane))).flat();
process.stdout.write(`\n──── ${chosen} tests in ${seconds(started)} ────\n`);
for (const { step, status, took } of outcomes) process.stdout.write(`${status === 0 ? 'passed' : 'FAILED'}  ${step}  ${took}\n`);
fs.rmSync(logs, { recursive: true, force: true });
process.exit(outcomes.every((outcome) => outcome.status === 0) ? 0 : 1);
