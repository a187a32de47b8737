import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import eng from '../../locales/eng.json' with { type: 'json' };
import { accessibilityViolations, newVisitor, rememberSession } from '../helpers/browser.ts';
import { ProductApi, runAdmin } from '../helpers/product-api.ts';
import { startProduct, type ProductServer } from '../helpers/product-server.ts';
import { createScratchDatabase } from '../helpers/test-app.ts';

const operatorName = 'machine_operator';
const operatorPassword = 'a long operator passphrase';

/**
 * /dig as a member watches their machine: listed with its last report, then offline with a warning once
 * it has been silent for over 10 minutes. Time is made to pass by moving the machine's last report into
 * the past in the database, so this runs on the PostgreSQL the test command is given (the embedded
 * database belongs to the product's process while it runs), as every PostgreSQL variant of the suite does.
 */
describe('machines on /dig: last seen, and offline after silence', { skip: process.env.DATABASE_URL === undefined }, () => {
  let product: ProductServer;
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let api: ProductApi;
  before(async () => {
    scratch = await createScratchDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-e2e-machines-'));
    await runAdmin(dataDir, ['create-operator', operatorName], { OPERATOR_PASSWORD: operatorPassword, DATABASE_URL: scratch.url });
    product = await startProduct({ DATABASE_URL: scratch.url }, dataDir);
    api = new ProductApi(product.baseUrl);
  });
  after(async () => {
    await product.dispose();
    await scratch.drop();
  });

  test('a bound machine shows its last report; silent for 11 minutes it reads offline with the warning', async () => {
    const operator = await api.operatorLogin(operatorName, operatorPassword);
    const serial = `GS-${Date.now().toString(36).toUpperCase()}`;
    const machine = await api.call<{ secret: string }>('POST', 'admin/v1/devices', operator, { serial, engine_room_id: 1 });
    const username = `machine_${Date.now().toString(36)}`;
    const member = await api.registeredMember(username, 'sun2026');
    await api.call('POST', 'v1/device', member.token, { serial });
    await api.call('POST', 'v1/device/heartbeat', undefined, { serial, secret: machine.secret });

    const visitor = await newVisitor();
    try {
      const { page } = visitor;
      await rememberSession(page, product.baseUrl, member.token);
      await page.goto(`${product.baseUrl}/eng/dig`);
      const machines = page.getByRole('region', { name: eng.dig_machines });
      await machines.getByText(serial).waitFor();
      await machines.getByText(eng.dig_online, { exact: true }).waitFor();
      await machines.getByText(eng.dig_last_seen.replace('{{time}}', ''), { exact: false }).waitFor();
      assert.equal(await machines.getByText(eng.dig_offline_warning).count(), 0);

      // Eleven minutes pass without a report.
      const client = new pg.Client({ connectionString: scratch.url });
      await client.connect();
      await client.query(`update devices set last_heartbeat_at = now() - interval '11 minutes' where serial_number = $1`, [serial]);
      await client.end();

      await page.reload();
      await machines.getByText(eng.dig_offline, { exact: true }).waitFor();
      await machines.getByText(eng.dig_offline_warning).waitFor();
      assert.deepEqual(await accessibilityViolations(page), []);
    } finally {
      await visitor.close();
    }
  });
});
