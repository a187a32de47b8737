import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { runAdmin } from '../../tests/helpers/product-api.ts';
import { restoredRows } from '../../tests/helpers/restored-rows.ts';
import { createScratchDatabase, databaseKinds } from '../../tests/helpers/test-app.ts';
import { loadConfig } from '../config.ts';
import { prepareServer, type RunningServer } from '../server.ts';
import { siteLiveChannel } from '../site/live-site.ts';
import { versionDir } from '../site/site-build.ts';
import { saveVersion } from '../site/site-version-store.ts';
import { assembleContent } from '../site/site-content.ts';
import { finishBuild, insertBuild, listDrafts, setLive } from '../site/site-content.repository.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-backup-'));
const archive = path.join(root, 'backup.tar.gz');
const passphrase = 'a long backup passphrase';

/** An install on its own database and folders; a second one stands for the machine restored into. */
const installation = (name: string, databaseUrl: string) => {
  const env = {
    DATA_DIR: path.join(root, name),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ORDER_EXPIRY_CHECK_MINUTES: '0',
    DEMO_MODE: 'true',
    REVENUE_HOLD_MINUTES: '0',
  };
  return {
    env,
    open: () => prepareServer(loadConfig(env)),
    admin: (args: string[], extra = {}) => runAdmin(env.DATA_DIR, args, { ...env, ...extra }),
  };
};

/** A published version of the brand site, as a publish leaves it (its folder and its row), without running the site build. */
async function publishVersion(server: RunningServer, words: string): Promise<number> {
  const db = server.database.db;
  const id = await insertBuild(db, {
    kind: 'publish',
    content: assembleContent(await listDrafts(db)),
    operatorId: null,
    codeVersion: 'test',
  });
  const folder = versionDir(server.app.config.siteDir, id);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'version.txt'), words);
  fs.writeFileSync(path.join(folder, '404.html'), '<!doctype html><title>Not found</title>');
  await saveVersion(db, id, folder);
  await finishBuild(db, id, { status: 'succeeded', durationMs: 1 });
  await setLive(db, id, null, siteLiveChannel);
  return id;
}

describe.runIf(databaseKinds().includes('postgres'))('backup and restore on PostgreSQL', () => {
  const databases: { drop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const database of databases) await database.drop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'a busy install backed up while it runs is restored into a fresh one: members, balances, photos, the live site and its rollback',
    { timeout: 240_000 },
    async () => {
      const [first, second] = [await createScratchDatabase(), await createScratchDatabase()];
      databases.push(first, second);
      const source = installation('source', first.url);
      let server = await source.open();
      const member = await registerMember(server.app);
      const order = await placeOrder(server.app, member);
      expect((await notifyPayment(server.app, member, order.id)).statusCode).toBe(201);
      await fundMember(server.database.db, member.id, points(500));
      await paidOrder(server.database.db, member.id, 1, 3000, await dayStart(server.database.db, dayAgo(3)));
      const operator = await operatorToken(server.app, server.database.db);
      const revenue = await send(server.app, 'POST', 'admin/v1/engine-rooms/1/revenue', {
        token: operator,
        body: { business_date: dayAgo(1), kwh: '120.5', revenue: '9000', evidence: 'meter photo 17' },
      });
      expect(revenue.statusCode, revenue.body).toBe(201);
      expect((await send(server.app, 'POST', 'admin/v1/income/distribute', { token: operator, body: {} })).statusCode).toBe(200);
      const earlier = await publishVersion(server, 'version one');
      const later = await publishVersion(server, 'version two');
      const backedUp = await restoredRows(server.database.db);
      expect(backedUp.income.length).toBeGreaterThan(0);
      expect(backedUp.uploads.length).toBeGreaterThan(0);
      expect(backedUp.live).toEqual([{ build_id: later }]);

      // Taken while the server runs: pg_dump's snapshot, then the folders.
      const made = await source.admin(['backup', archive], { BACKUP_PASSPHRASE: passphrase });
      expect(made).toMatch(/backed up PostgreSQL.*ledger consistent.*sealed with your passphrase/);
      expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
      await server.stop();

      // Another machine: a fresh database and empty folders; a wrong passphrase changes nothing.
      const target = installation('target', second.url);
      await expect(target.admin(['restore', archive], { BACKUP_PASSPHRASE: 'not the passphrase at all' })).rejects.toThrow(
        /does not open the card-number key/,
      );
      const restored = await target.admin(['restore', archive], { BACKUP_PASSPHRASE: passphrase });
      expect(restored).toMatch(/restored .* into PostgreSQL.*ledger consistent.*opened with your passphrase/);
      expect(fs.readFileSync(path.join(target.env.DATA_DIR, 'card-number.key'), 'utf8')).toBe(
        fs.readFileSync(path.join(source.env.DATA_DIR, 'card-number.key'), 'utf8'),
      );
      server = await target.open();
      try {
        expect(await restoredRows(server.database.db)).toEqual(backedUp);
        expect((await server.app.inject({ method: 'GET', url: '/version.txt' })).body).toBe('version two');
        // The history came along: the earlier version can be made live again.
        const admin = await operatorToken(server.app, server.database.db);
        const rollback = await send(server.app, 'POST', `admin/v1/site/versions/${earlier}/rollback`, { token: admin, body: {} });
        expect(rollback.statusCode, rollback.body).toBe(200);
        expect((await server.app.inject({ method: 'GET', url: '/version.txt' })).body).toBe('version one');
        // The member signs in with the same password and sees the same balance.
        const wallet = await send(server.app, 'GET', 'v1/check', { token: member.token });
        expect(wallet.statusCode).toBe(200);
      } finally {
        await server.stop();
      }
      expect(await target.admin(['verify-ledger'])).toMatch(/ledger consistent/);
    },
  );

  it('refuses an archive of the other kind, and changes nothing', async () => {
    const embedded = path.join(root, 'embedded.tar.gz');
    fs.mkdirSync(path.join(root, 'plain'), { recursive: true });
    fs.writeFileSync(path.join(root, 'plain', 'PG_VERSION'), '17');
    const { execFileSync } = await import('node:child_process');
    execFileSync('tar', ['-czf', embedded, '-C', path.join(root, 'plain'), '.']);
    const target = installation('refusing', 'postgres://127.0.0.1:1/none');
    await expect(target.admin(['restore', embedded])).rejects.toThrow(/backup of the embedded database: unset DATABASE_URL/);
    await expect(runAdmin(path.join(root, 'plain-data'), ['restore', archive])).rejects.toThrow(/backup of PostgreSQL: set DATABASE_URL/);
    expect(fs.existsSync(path.join(root, 'plain-data'))).toBe(false);
  });
});
