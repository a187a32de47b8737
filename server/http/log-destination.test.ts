import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logFlushMs } from './log-destination.ts';

const destination = path.resolve(import.meta.dirname, 'log-destination.ts');

/** A process that logs `lines` lines through the background destination, each `padding` characters longer, then ends as `ending` says. */
function loggingScript(lines: number, ending: string, padding = 0): string[] {
  const script = `
    import pino from 'pino';
    import { backgroundStdout } from ${JSON.stringify(destination)};
    const log = pino({ level: 'info' }, backgroundStdout());
    for (let index = 0; index < ${lines}; index += 1) log.info({ index, padding: 'x'.repeat(${padding}) }, 'request completed');
    ${ending}
  `;
  return ['--input-type=module', '-e', script];
}

function logThenEnd(lines: number, ending: string): { stdout: string; status: number | null } {
  const result = spawnSync(process.execPath, loggingScript(lines, ending), { encoding: 'utf8', timeout: 30_000 });
  return { stdout: result.stdout, status: result.status };
}

/** The same, its output read only after `pauseMs`: the pipe fills and the writes must wait for the reader. */
async function logBehindSlowReader(lines: number, ending: string, pauseMs: number): Promise<string> {
  const child = spawn(process.execPath, loggingScript(lines, ending, 200), { stdio: ['ignore', 'pipe', 'inherit'] });
  child.stdout.pause();
  await new Promise((resolve) => setTimeout(resolve, pauseMs));
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stdout.resume();
  await new Promise((resolve) => child.on('close', resolve));
  return stdout;
}

function loggedIndexes(stdout: string): number[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { index: number }).index);
}

describe('the log written in the background', () => {
  it('loses no line when the process exits at once', () => {
    const { stdout, status } = logThenEnd(5000, 'process.exit(0);');
    expect(status).toBe(0);
    expect(loggedIndexes(stdout)).toEqual(Array.from({ length: 5000 }, (_, index) => index));
  });

  it('loses no line when the process dies of an uncaught error', () => {
    const { stdout, status } = logThenEnd(2000, "setImmediate(() => { throw new Error('boom'); });");
    expect(status).toBe(1);
    expect(loggedIndexes(stdout)).toHaveLength(2000);
  });

  it('writes a line on a quiet process within the flush interval, without waiting for a batch to fill', () => {
    const killedAfterMs = logFlushMs * 3;
    const { stdout } = logThenEnd(1, `setTimeout(() => process.kill(process.pid, 'SIGKILL'), ${killedAfterMs});`);
    // Killed outright, with no chance to flush: the one line had already been written.
    expect(loggedIndexes(stdout)).toEqual([0]);
  });

  it('loses no line and keeps their order behind a reader that falls behind', async () => {
    const lines = 5000;
    const whole = Array.from({ length: lines }, (_, index) => index);
    expect(loggedIndexes(await logBehindSlowReader(lines, 'setTimeout(() => {}, 300);', 500))).toEqual(whole);
    expect(loggedIndexes(await logBehindSlowReader(lines, 'process.exit(0);', 500))).toEqual(whole);
  });
});
