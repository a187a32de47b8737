import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { startProduct } from '../helpers/product-server.ts';

function startExpectingFailure(env: Record<string, string>): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, ['server/main.ts'], {
    env: { ...process.env, DATA_DIR: '/tmp/gs-never-used', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe('starting and stopping the product', () => {
  test('invalid configuration stops start-up with one readable line', () => {
    const { status, stderr } = startExpectingFailure({ PORT: 'eighty', BUSINESS_TIME_ZONE: 'Mars/Olympus' });
    assert.equal(status, 1);
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 1, stderr);
    assert.match(lines[0] ?? '', /^Invalid configuration: /);
    assert.match(lines[0] ?? '', /PORT must be a whole number/);
    assert.match(lines[0] ?? '', /BUSINESS_TIME_ZONE "Mars\/Olympus" is not an IANA time zone/);
  });

  test('an unreachable DATABASE_URL fails start-up with one readable line', () => {
    const { status, stderr } = startExpectingFailure({ DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' });
    assert.equal(status, 1);
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 1, stderr);
    assert.match(lines[0] ?? '', /^Cannot reach the database at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none/);
    assert.doesNotMatch(stderr, /secret/);
  });

  test('SIGTERM stops cleanly and the data folder opens again', async () => {
    // The one start from an empty folder: the first start's own migrations and seed, as a new install runs them.
    const first = await startProduct({}, undefined, { fromEmptyFolder: true });
    const before = await (await fetch(`${first.baseUrl}/api/v1/product/1`)).json();
    assert.equal(await first.stop(), 0, first.output());

    const second = await startProduct({}, first.dataDir);
    try {
      const again = await (await fetch(`${second.baseUrl}/api/v1/product/1`)).json();
      assert.deepEqual(again, before);
    } finally {
      assert.equal(await second.stop(), 0, second.output());
    }
  });
});
