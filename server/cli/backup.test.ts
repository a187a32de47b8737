import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { runAdmin } from '../../tests/helpers/product-api.ts';
import { restoredRows } from '../../tests/helpers/restored-rows.ts';
import { loadConfig } from '../config.ts';
import { prepareServer, type RunningServer } from '../server.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
const dataDir = path.join(root, 'data');
const archive = path.join(root, 'backup.tar.gz');
const passphrase = 'a long backup passphrase';

const open = () =>
  prepareServer(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      ORDER_EXPIRY_CHECK_MINUTES: '0',
      DEMO_MODE: 'true',
      REVENUE_HOLD_MINUTES: '0',
    }),
  );

/** What a restore must bring back exactly, and the card key. */
async function snapshot(server: RunningServer) {
  return { ...(await restoredRows(server.database.db)), cardKey: fs.readFileSync(path.join(dataDir, 'card-number.key'), 'utf8') };
}

describe('backup and restore of the embedded database', () => {
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'a restore brings back exactly what was backed up, photos and the sealed card key included, and the ledger verifies',
    { timeout: 240_000 },
    async () => {
      let server = await open();
      const member = await registerMember(server.app);
      const order = await placeOrder(server.app, member);
      await notifyPayment(server.app, member, order.id);
      await fundMember(server.database.db, member.id, points(500));
      await paidOrder(server.database.db, member.id, 1, 3000, await dayStart(server.database.db, dayAgo(3)));
      const operator = await operatorToken(server.app, server.database.db);
      const revenue = await send(server.app, 'POST', 'admin/v1/engine-rooms/1/revenue', {
        token: operator,
        body: { business_date: dayAgo(1), kwh: '120.5', revenue: '9000', evidence: 'meter photo 17' },
      });
      expect(revenue.statusCode, revenue.body).toBe(201);
      const distributed = await send(server.app, 'POST', 'admin/v1/income/distribute', { token: operator, body: {} });
      expect(distributed.statusCode, distributed.body).toBe(200);
      const backedUp = await snapshot(server);
      expect(backedUp.income.length).toBeGreaterThan(0);
      expect(backedUp.uploads.length).toBeGreaterThan(0);
      await server.stop();

      expect(await runAdmin(dataDir, ['backup', archive], { BACKUP_PASSPHRASE: passphrase })).toMatch(/sealed with your passphrase/);

      server = await open();
      const later = await registerMember(server.app);
      await placeOrder(server.app, later);
      await fundMember(server.database.db, later.id, points(900));
      expect(await snapshot(server)).not.toEqual(backedUp);
      await server.stop();

      const restored = await runAdmin(dataDir, ['restore', archive], { BACKUP_PASSPHRASE: passphrase });
      expect(restored).toMatch(/ledger consistent/);
      server = await open();
      try {
        expect(await snapshot(server)).toEqual(backedUp);
      } finally {
        await server.stop();
      }
      expect(await runAdmin(dataDir, ['verify-ledger'])).toMatch(/ledger consistent/);
    },
  );

  it('with a PostgreSQL it cannot reach, a backup says so and writes nothing', async () => {
    const unreachable = path.join(root, 'unreachable.tar.gz');
    await expect(runAdmin(dataDir, ['backup', unreachable], { DATABASE_URL: 'postgres://127.0.0.1:1/none' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
    expect(fs.existsSync(unreachable)).toBe(false);
  });
});

/** The modes others get: group and world bits. */
const othersBits = (file: string) => fs.statSync(file).mode & 0o077;
const archiveMembers = (file: string) => execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n');

describe('the data folder, the card-number key and backups stay private whatever the umask', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-private-'));
  const privateData = path.join(folder, 'data');
  const openPrivate = () =>
    prepareServer(loadConfig({ DATA_DIR: privateData, LOG_LEVEL: 'silent', DATABASE_URL: '', ORDER_EXPIRY_CHECK_MINUTES: '0' }));
  let umaskBefore = 0o022;
  beforeAll(() => {
    // The loosest umask: every file and folder would be readable and writable by anyone unless the product says otherwise.
    umaskBefore = process.umask(0o000);
  });
  afterAll(() => {
    process.umask(umaskBefore);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it(
    'a new data folder is 0700 and its key 0600; an archive is 0600 and holds the key only sealed with the passphrase',
    { timeout: 240_000 },
    async () => {
      const server = await openPrivate();
      const member = await registerMember(server.app);
      await server.stop();
      expect(member.id).toBeGreaterThan(0);
      const keyFile = path.join(privateData, 'card-number.key');
      const key = fs.readFileSync(keyFile, 'utf8');
      expect(fs.statSync(privateData).mode & 0o777).toBe(0o700);
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

      // Without a passphrase the key stays out of the archive, and the operator is told to keep it apart.
      const plain = path.join(folder, 'plain.tar.gz');
      expect(await runAdmin(privateData, ['backup', plain], { BACKUP_PASSPHRASE: '' })).toMatch(/card-number key is NOT inside/);
      expect(fs.statSync(plain).mode & 0o777).toBe(0o600);
      expect(archiveMembers(plain)).not.toContain('./card-number.key');
      expect(archiveMembers(plain).length).toBeGreaterThan(10);

      // With one, it is inside sealed: the archive's bytes never hold the key itself.
      const sealed = path.join(folder, 'sealed.tar.gz');
      expect(await runAdmin(privateData, ['backup', sealed], { BACKUP_PASSPHRASE: passphrase })).toMatch(/sealed with your passphrase/);
      expect(othersBits(sealed)).toBe(0);
      expect(archiveMembers(sealed)).toContain('./card-number.key.sealed');
      expect(archiveMembers(sealed)).not.toContain('./card-number.key');
      const sealedText = execFileSync('tar', ['-xzOf', sealed, './card-number.key.sealed'], { encoding: 'utf8' });
      expect(sealedText).not.toContain(key.trim());
      // A short passphrase is refused and writes nothing.
      const short = path.join(folder, 'short.tar.gz');
      await expect(runAdmin(privateData, ['backup', short], { BACKUP_PASSPHRASE: 'short' })).rejects.toThrow(/at least 12 characters/);
      expect(fs.existsSync(short)).toBe(false);

      // A wrong passphrase is refused before anything moves; the right one brings the key back, 0600, in a 0700 folder.
      await expect(runAdmin(privateData, ['restore', sealed], { BACKUP_PASSPHRASE: 'not the passphrase at all' })).rejects.toThrow(
        /does not open the card-number key/,
      );
      expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
      expect(fs.readdirSync(folder).filter((name) => name.startsWith('data.before-restore'))).toEqual([]);
      // Without the passphrase and no terminal to ask on, the restore is refused the same way.
      await expect(runAdmin(privateData, ['restore', sealed], { BACKUP_PASSPHRASE: '' })).rejects.toThrow(/set BACKUP_PASSPHRASE/);
      expect(await runAdmin(privateData, ['restore', sealed], { BACKUP_PASSPHRASE: passphrase })).toMatch(/opened with your passphrase/);
      expect(fs.readFileSync(keyFile, 'utf8')).toBe(key);
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(fs.statSync(privateData).mode & 0o777).toBe(0o700);
      expect(fs.existsSync(path.join(privateData, 'card-number.key.sealed'))).toBe(false);

      // The archive without the key restores the data and says where the kept key must go.
      const restored = await runAdmin(privateData, ['restore', plain], { BACKUP_PASSPHRASE: '' });
      expect(restored).toMatch(/holds no card-number key: copy the one you kept apart/);
      expect(fs.existsSync(keyFile)).toBe(false);
      expect(fs.statSync(privateData).mode & 0o777).toBe(0o700);
    },
  );
});
