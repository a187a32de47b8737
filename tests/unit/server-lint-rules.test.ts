import fs from 'node:fs/promises';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's own lint rules (SQL in repositories, decision 018; no casts of request parts, decision 019), run through ESLint's own API on
 * fixtures placed, by file name, where they would sit in the server.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function messagesFor(fixture: string, placedAt: string) {
  const text = await fs.readFile(path.join(import.meta.dirname, 'fixtures', fixture), 'utf8');
  const [result] = await eslint.lintText(text, { filePath: path.join(root, placedAt) });
  return (result?.messages ?? []).map((message) => ({ rule: message.ruleId, line: message.line }));
}

describe('queries live only in repositories, the ledger and the database module', () => {
  it('a query in a service fails lint: the Kysely import and the query both', async () => {
    const messages = await messagesFor('query-outside-repository.ts.txt', 'server/orders/order-stats.service.ts');
    expect(messages).toEqual([
      { rule: '@typescript-eslint/no-restricted-imports', line: 1 },
      { rule: 'no-restricted-syntax', line: 7 },
    ]);
  });

  it('a query on app.db in a route handler fails lint, though nothing was imported for it', async () => {
    const messages = await messagesFor('query-in-route.ts.txt', 'server/verification/countries.routes.ts');
    expect(messages).toEqual([{ rule: 'no-restricted-syntax', line: 5 }]);
  });

  it('the same query in a repository, the ledger or the database module passes', async () => {
    for (const home of ['server/orders/order-stats.repository.ts', 'server/ledger/order-stats.ts', 'server/db/order-stats.ts']) {
      expect(await messagesFor('query-outside-repository.ts.txt', home)).toEqual([]);
    }
  });

  it('a service may open a transaction and pass its handle on, importing Kysely for types only', async () => {
    expect(await messagesFor('transaction-handle-only.ts.txt', 'server/users/user-load.service.ts')).toEqual([]);
  });
});

describe('request parts are typed by their route schemas, never cast (decision 019)', () => {
  it('a cast of params, query or body fails lint in any form: `as X`, `as unknown as X`, `<X>`', async () => {
    for (const home of ['server/wallet/partner-results.routes.ts', 'server/orders/order-stats.repository.ts']) {
      expect(await messagesFor('request-casts.ts.txt', home)).toEqual([
        { rule: 'no-restricted-syntax', line: 2 },
        { rule: 'no-restricted-syntax', line: 3 },
        { rule: 'no-restricted-syntax', line: 4 },
      ]);
    }
  });
});
