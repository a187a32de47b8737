import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedMember } from '../../tests/helpers/identity.ts';
import { expectSuccess, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { WorkCountsCache } from './work-counts-cache.ts';

/** Long enough for a notification that was going to arrive to have arrived, on a busy machine. */
const settleMs = 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, withinMs = 5_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await pause(20);
  }
}

describe.each(databaseKinds())('the work counts kept per process on %s', (kind) => {
  let testApp: TestApp;
  let operator: string;
  /** A second process's cache, on the same database: it hears of changes it did not make. */
  const other = new WorkCountsCache();
  let queries = 0;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    operator = await operatorToken(testApp.app, testApp.database.db);
    await other.start(testApp.database);
    await until(() => other.listening);
    testApp.database.observeQueries(() => (queries += 1));
  });
  afterAll(async () => {
    await other.stop();
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const counts = async (query = '') =>
    expectSuccess(await send(testApp.app, 'GET', `admin/v1/work-counts${query}`, { token: operator })) as Record<string, number>;

  it('answers a second ask without the database, and a notice sent shows on every process once the database announces it', async () => {
    const buyer = await verifiedMember(testApp.app, db(), 'Lin Mei');
    const order = await placeOrder(testApp.app, buyer);
    const before = await other.read(db());
    const asked = queries;
    expect(await other.read(db())).toEqual(before);
    expect(queries, 'nothing changed: the kept counts answer').toBe(asked);

    const generation = other.generation;
    expect((await notifyPayment(testApp.app, buyer, order.id)).statusCode).toBe(201);
    await until(() => other.generation > generation);
    expect((await other.read(db())).payment_notices).toBe(before.payment_notices + 1);
    await until(async () => (await counts()).payment_notices === before.payment_notices + 1);
  });

  it('reads afresh when asked to, after an action of one’s own', async () => {
    const kept = await counts();
    await sql`update order_notices set status = 'rejected' where id = (select min(id) from order_notices where status = 'pending')`.execute(
      db(),
    );
    expect((await counts('?fresh=true')).payment_notices).toBe((kept.payment_notices ?? 0) - 1);
  });

  it('announces nothing for a state written as it was, nor for a transfer that did not fail', async () => {
    await pause(settleMs);
    const generation = other.generation;
    await sql`update users set verification_status = verification_status`.execute(db());
    await sql`update transaction_records set status = status`.execute(db());
    await pause(settleMs);
    expect(other.generation).toBe(generation);

    await sql`update users set verification_status = 'pending' where id = (select min(id) from users where verification_status <> 'pending')`.execute(
      db(),
    );
    await until(() => other.generation > generation);
  });
});
