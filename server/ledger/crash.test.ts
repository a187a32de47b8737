import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fundMember, points } from '../../tests/helpers/ledger.ts';
import { startProductProcess, stopProcess, type ProductProcess } from '../../tests/helpers/product-process.ts';
import { openDatabase } from '../db/database.ts';
import { auditLedger } from './ledger.audit.ts';

/** Enough load that the kill lands with transfers in flight, small enough to stay quick. */
const clients = 16;
const membersCount = 4;
const fundingPerMember = points(2_000);
/** Acknowledged transfers to wait for before pulling the plug. */
const acknowledgedBeforeKill = 150;

async function api(baseUrl: string, method: string, url: string, options: { token?: string; body?: unknown; key?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}/api/${url}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { detail: { id?: number; transaction_recod_status?: number; token?: string; user?: { id: number } } },
  };
}

describe('a SIGKILL in the middle of a transfer storm (embedded database)', () => {
  let dataDir: string;
  let running: ProductProcess | undefined;
  afterAll(async () => {
    if (running !== undefined) await stopProcess(running.child, 'SIGKILL');
    if (dataDir !== undefined) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged transfer, applies none twice, and leaves the ledger balanced', { timeout: 180_000 }, async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gs-ledger-crash-'));
    running = await startProductProcess(dataDir);
    const members: { id: number; token: string }[] = [];
    for (let index = 0; index < membersCount; index += 1) {
      const username = `crash_${index}_${Date.now().toString(36)}`;
      const registered = await api(running.baseUrl, 'POST', 'v1/register', {
        body: { username, password: 'secret_123', password_confirmation: 'secret_123', parent_code: 'SOLAR1' },
      });
      expect(registered.status).toBe(201);
      members.push({ id: registered.body.detail.user?.id ?? 0, token: registered.body.detail.token ?? '' });
    }
    // The embedded database admits one process: fund the members while the product is stopped.
    await stopProcess(running.child, 'SIGTERM');
    const direct = await openDatabase({ dataDir });
    for (const member of members) await fundMember(direct.db, member.id, fundingPerMember);
    await direct.close();
    running = await startProductProcess(dataDir);

    const acknowledged = new Map<string, number>();
    const sent: { key: string; member: (typeof members)[number]; type: string; city: number; amount: string }[] = [];
    let stop = false;
    let counter = 0;
    const killed = (async () => {
      while (acknowledged.size < acknowledgedBeforeKill) await new Promise((resolve) => setTimeout(resolve, 5));
      stop = true;
      await stopProcess(running?.child as ChildProcess, 'SIGKILL');
    })();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (!stop) {
          counter += 1;
          const planned = {
            key: `crash-${counter}`,
            member: members[counter % membersCount] as (typeof members)[number],
            type: counter % 3 === 0 ? 'withdrawal' : 'deposit',
            city: (counter % 2) + 1,
            amount: (100 + (counter % 7)).toFixed(4),
          };
          sent.push(planned);
          try {
            const response = await api(running?.baseUrl ?? '', 'POST', `v1/enjoycity/${planned.city}/${planned.type}`, {
              token: planned.member.token,
              body: { amount: planned.amount },
              key: planned.key,
            });
            if (response.status === 201 && response.body.detail.transaction_recod_status === 2)
              acknowledged.set(planned.key, response.body.detail.id ?? 0);
          } catch {
            // The connection died with the process: this transfer's fate is found after restart.
          }
        }
      }),
    );
    await killed;
    const inFlight = new Set(sent.map((planned) => planned.key)).size - acknowledged.size;
    console.info(`SIGKILL after ${acknowledged.size} acknowledged transfers; ${inFlight} sent without a completed answer`);
    expect(inFlight).toBeGreaterThan(0);

    running = await startProductProcess(dataDir);
    // Every transfer sent is retried with its key: acknowledged ones must come back as they were,
    // and none may move points a second time.
    for (const planned of sent) {
      const response = await api(running.baseUrl, 'POST', `v1/enjoycity/${planned.city}/${planned.type}`, {
        token: planned.member.token,
        body: { amount: planned.amount },
        key: planned.key,
      });
      expect([200, 201, 422]).toContain(response.status);
      const first = acknowledged.get(planned.key);
      if (first !== undefined) {
        expect(response.status, planned.key).toBe(200);
        expect(response.body.detail.id).toBe(first);
      }
    }
    await stopProcess(running.child, 'SIGTERM');
    running = undefined;

    const after = await openDatabase({ dataDir });
    try {
      const audit = await auditLedger(after.db);
      expect(audit).toMatchObject({ unbalancedJournals: [], driftedAccounts: [], negativeAccounts: [], total: 0n });
      const records = await after.db.selectFrom('transaction_records').select(['idempotency_key', 'status', 'journal_id']).execute();
      expect(records).toHaveLength(new Set(sent.map((planned) => planned.key)).size);
      const completed = records.filter((record) => Number(record.status) === 2);
      expect(completed.every((record) => record.journal_id !== null)).toBe(true);
      expect(audit.journals).toBe(membersCount + completed.length);
      const held = await after.db
        .selectFrom('ledger_accounts')
        .select((eb) => eb.fn.sum<string>('balance').as('total'))
        .where('user_id', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(BigInt(held.total)).toBe(fundingPerMember * BigInt(membersCount));
    } finally {
      await after.close();
    }
  });
});
