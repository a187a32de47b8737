import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dayAgo, dayStart, paidOrder } from '../../tests/helpers/income.ts';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { runAdmin } from '../../tests/helpers/product-api.ts';
import { loadConfig } from '../config.ts';
import { prepareServer, type RunningServer } from '../server.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-'));
const dataDir = path.join(root, 'data');
const archive = path.join(root, 'backup.tar.gz');

const open = () =>
  prepareServer(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '', ORDER_EXPIRY_CHECK_MINUTES: '0', DEMO_MODE: 'true' }),
  );

/** What a restore must bring back exactly: rows that hold money and identity, photos, and the card key. */
async function snapshot(server: RunningServer) {
  const db = server.database.db;
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return {
    users: await rows(sql`select id, username, password_hash from users order by id`),
    orders: await rows(sql`select id, order_number, status, amount from orders order by id`),
    ledger: await rows(sql`select id, account_id, amount from ledger_entries order by id`),
    income: await rows(sql`select id, order_id, amount from income_records order by id`),
    uploads: fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).map(String).sort(),
    cardKey: fs.readFileSync(path.join(dataDir, 'card-number.key'), 'utf8'),
  };
}

describe('backup and restore of the embedded database', () => {
  afterAll(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it(
    'a restore brings back exactly what was backed up, photos and card key included, and the ledger verifies',
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

      expect(await runAdmin(dataDir, ['backup', archive])).toMatch(/ledger consistent/);

      server = await open();
      const later = await registerMember(server.app);
      await placeOrder(server.app, later);
      await fundMember(server.database.db, later.id, points(900));
      expect(await snapshot(server)).not.toEqual(backedUp);
      await server.stop();

      const restored = await runAdmin(dataDir, ['restore', archive]);
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

  it('with DATABASE_URL the commands point to pg_dump and pg_restore', async () => {
    await expect(runAdmin(dataDir, ['backup', archive], { DATABASE_URL: 'postgres://127.0.0.1:1/none' })).rejects.toThrow(/pg_dump/);
  });
});
