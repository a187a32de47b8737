import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../tests/helpers/product-api.ts';
import { startProduct, type ProductServer } from '../../tests/helpers/product-server.ts';
import { dataDirLockName } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';

const operatorPassword = 'a long operator passphrase';

/** One process at a time on an embedded database's folder (server/db/data-dir-lock.ts). */
describe('the embedded database folder, held by one process', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-data-lock-'));
  });
  afterAll(async () => {
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('refuses a second opening while the first is open, naming the process, and opens once it is closed', async () => {
    const dataDir = path.join(folder, 'twice');
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(`is in use by process ${process.pid} (a running server?): stop it`);
    await first.close();
    const again = await openDatabase({ dataDir });
    await again.close();
    await expect(fs.access(path.join(dataDir, dataDirLockName))).rejects.toThrow();
  });

  it('takes over the lock a process that died left behind', async () => {
    const dataDir = path.join(folder, 'crashed');
    await (await openDatabase({ dataDir })).close();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    await fs.writeFile(path.join(dataDir, dataDirLockName), gone);
    const database = await openDatabase({ dataDir });
    expect(await fs.readFile(path.join(dataDir, dataDirLockName), 'utf8')).toBe(String(process.pid));
    await database.close();
  });

  describe('the admin command while the server runs', () => {
    let product: ProductServer;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = path.join(folder, 'served');
      product = await startProduct({}, dataDir);
    }, 60_000);
    afterAll(async () => {
      await product.dispose();
    });

    it('is refused with why, adds nobody, and works once the server has stopped', async () => {
      const refused = runAdmin(dataDir, ['create-operator', 'tired_operator'], { OPERATOR_PASSWORD: operatorPassword });
      await expect(refused).rejects.toThrow(
        /exited 1: admin failed: the embedded database in .* is in use by process \d+ \(a running server\?\): stop it/,
      );
      const login = await fetch(`${product.baseUrl}/api/admin/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'tired_operator', password: operatorPassword }),
      });
      expect(login.status).toBe(401);
      await product.stop();
      expect(await runAdmin(dataDir, ['create-operator', 'tired_operator'], { OPERATOR_PASSWORD: operatorPassword })).toContain(
        'operator tired_operator created',
      );
    }, 60_000);
  });
});
