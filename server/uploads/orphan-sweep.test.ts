import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../tests/helpers/ledger.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { loadConfig } from '../config.ts';
import { prepareServer } from '../server.ts';
import { orphanAgeMs, sweepOrphanedUploads } from './orphan-sweep.ts';
import { insertUpload } from './uploads.repository.ts';

const name = (letter: string) => `${letter.repeat(32)}.jpg`;

/** A file in the folder, last written `ageMs` ago. */
async function file(dir: string, fileName: string, ageMs: number): Promise<void> {
  await fs.writeFile(path.join(dir, fileName), 'photo');
  const at = new Date(Date.now() - ageMs);
  await fs.utimes(path.join(dir, fileName), at, at);
}

describe.each(databaseKinds())('what a process killed mid-upload leaves behind, on %s', (kind) => {
  let testApp: TestApp;
  let dir: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-upload-sweep-'));
  });
  afterAll(async () => {
    await testApp.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('removes half-written and unreferenced photos once old, and keeps every photo an upload refers to', async () => {
    const db = testApp.database.db;
    const old = orphanAgeMs + 60_000;
    await file(dir, name('a'), old);
    await insertUpload(db, {
      userId: await insertUser(db),
      contentType: 'image/jpeg',
      content: Buffer.alloc(5),
      width: 1,
      height: 1,
      storedName: name('a'),
    });
    await file(dir, name('b'), old);
    await file(dir, `${name('c')}.partial`, old);
    // Another process may be between writing this one and inserting its row: too young to judge.
    await file(dir, name('d'), 1_000);

    expect(await sweepOrphanedUploads(db, dir)).toBe(2);
    expect((await fs.readdir(dir)).sort()).toEqual([name('a'), name('d')]);
  });
});

describe('a restart after a kill mid-upload', () => {
  it('starts with the orphans gone', { timeout: 60_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-upload-restart-'));
    try {
      const uploads = path.join(dataDir, 'uploads');
      await fs.mkdir(uploads, { recursive: true });
      await file(uploads, `${name('e')}.partial`, orphanAgeMs + 60_000);
      await file(uploads, name('f'), orphanAgeMs + 60_000);
      const server = await prepareServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
      await server.stop();
      expect(await fs.readdir(uploads)).toEqual([]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
