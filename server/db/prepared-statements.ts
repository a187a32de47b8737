import type pg from 'pg';

/**
 * Distinct statement texts a process names: far more than the product's queries (a few hundred),
 * a bound for those whose text varies (an `in (…)` list of any length), which run unnamed.
 */
const namedTextsMax = 2_000;

/** Statements that can be prepared: a query or a change, never a utility statement. */
const preparable = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Every statement with parameters runs as a named prepared statement on PostgreSQL, so each
 * connection parses and plans a statement once instead of on every call. Kysely hands node-postgres
 * the text and its values; a member's profile read (three sub-selects) was planned anew each time,
 * which cost PostgreSQL three times the work of running it (`pgbench -M prepared` against `-M
 * simple`: 21,283 against 6,658 a second). The name is the text's number in this process, so one
 * text has one name on every connection; node-postgres prepares it on first use per connection.
 * Behind a connection pooler in transaction mode, the pooler must support named statements
 * (PgBouncer 1.21 and later with `max_prepared_statements`).
 */
export class StatementNames {
  readonly #names = new Map<string, string>();

  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined || this.#names.size >= namedTextsMax || !preparable.test(text)) return known;
    const name = `gs_${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }
}

/** Makes a pool's clients send each statement with parameters under its name. */
export function prepareStatements(pool: pg.Pool, names = new StatementNames()): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = names.nameOf(text);
        if (name !== undefined) return query({ name, text, values }, callback);
      }
      return query(text, values, callback);
    }) as typeof client.query;
  });
}
