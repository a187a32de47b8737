import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verifiedMember } from '../tests/helpers/identity.ts';
import { fundMember, points } from '../tests/helpers/ledger.ts';
import { form } from '../tests/helpers/members.ts';
import { operatorToken } from '../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../tests/helpers/test-app.ts';

/**
 * Walks every operation of the served OpenAPI document and sends hostile values in each of its
 * path, query and body fields, one field at a time, with the token the path needs. Every such
 * request must be refused with a 4xx (never a 5xx), and nothing may be written.
 */

interface FieldSchema {
  type?: string | string[];
  anyOf?: FieldSchema[];
  properties?: Record<string, FieldSchema>;
  'x-number-as-text'?: boolean;
}
interface Parameter {
  name: string;
  in: string;
  schema: FieldSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: FieldSchema }> };
}

/** Requests per field: enough to try each hostile family several times, bounded for two CPU cores. */
const runsPerField = 12;
/** Where a path parameter is not the field under test: an id no record has. */
const absentId = '999999';
const writtenTables = [
  'audit_log',
  'ledger_entries',
  'ledger_journals',
  'orders',
  'order_notices',
  'withdrawals',
  'bank_cards',
  'users',
  'settings',
  'devices',
  'engine_room_revenue',
  'refunds',
];

const controlCode = fc.oneof(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 11, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }));
/** Text no field accepts: a control character (a line feed is fine in multi-line fields), a lone surrogate, U+FFFD. */
const badText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'ok\udfff', '\udc00x', '\ufffd', '\u001b[2J', 'x\ty', 'x\ry'),
  fc
    .tuple(fc.string({ maxLength: 6 }), controlCode, fc.string({ maxLength: 6 }))
    .map(([before, code, after]) => `${before}${String.fromCharCode(code)}${after}`),
);
/** Text that is not a canonical decimal, for number and id fields. */
const badNumberText = fc.constantFrom(
  '1e400',
  '1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '0x10',
  ' 1',
  '1 ',
  '+1',
  '01',
  '1%0a',
  '',
  '1.',
  '.5',
  '1,5',
);

function typesOf(schema: FieldSchema | undefined): Set<string> {
  const types = new Set<string>();
  if (schema === undefined) return types;
  for (const type of [schema.type ?? []].flat()) types.add(type);
  for (const branch of schema.anyOf ?? []) typesOf(branch).forEach((type) => types.add(type));
  return types;
}

/** A field that holds a number and never text. */
function isNumeric(schema: FieldSchema): boolean {
  const types = typesOf(schema);
  return (types.has('integer') || types.has('number')) && !types.has('string');
}

/** Hostile values for a field: bad text always; values of the wrong JSON type where a body can carry them. */
function hostileValues(schema: FieldSchema, inBody: boolean): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const numeric = isNumeric(schema);
  const options: fc.Arbitrary<unknown>[] = [badText];
  if (numeric) options.push(badNumberText);
  if (inBody) {
    const wrongTypes: unknown[] = [];
    if (!types.has('boolean')) wrongTypes.push(true, false);
    if (!types.has('null')) wrongTypes.push(null);
    if (!types.has('array')) wrongTypes.push(['1']);
    if (!types.has('object')) wrongTypes.push({ value: '1' });
    if (numeric) wrongTypes.push(Number.MAX_VALUE * 10, 1.5e300 * 1e10);
    if (types.has('string') && !numeric && schema['x-number-as-text'] !== true && !types.has('number')) wrongTypes.push(123);
    options.push(fc.constantFrom(...wrongTypes));
  }
  return fc.oneof(...options);
}

interface Target {
  method: string;
  path: string;
  operation: Operation;
}

describe.each(databaseKinds())('hostile values in every field of every operation on %s', (kind) => {
  let testApp: TestApp;
  let memberToken: string;
  let operator: string;
  let targets: Target[];

  const counts = async () => {
    const result: Record<string, number> = {};
    for (const table of writtenTables) {
      const row = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(testApp.database.db);
      result[table] = Number(row.rows[0]?.n);
    }
    return result;
  };

  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '0' });
    const member = await verifiedMember(testApp.app, testApp.database.db);
    await addCard(testApp.app, member);
    await fundMember(testApp.database.db, member.id, points(1000));
    memberToken = member.token;
    operator = await operatorToken(testApp.app, testApp.database.db);
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    targets = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });
  afterAll(async () => {
    await testApp.close();
  });

  function request(target: Target, field: { in: string; name: string }, value: unknown, asForm: boolean): InjectOptions {
    const pathParams = (target.operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
    let url = target.path;
    for (const parameter of pathParams) {
      const given = field.in === 'path' && field.name === parameter.name ? encodeURIComponent(String(value)) : absentId;
      url = url.replace(`{${parameter.name}}`, given);
    }
    if (field.in === 'query') url += `?${new URLSearchParams({ [field.name]: String(value) }).toString()}`;
    const headers: Record<string, string> = { authorization: `Bearer ${target.path.startsWith('/api/admin/') ? operator : memberToken}` };
    const options: InjectOptions = { method: target.method as NonNullable<InjectOptions['method']>, url, headers };
    if (field.in === 'body') {
      if (asForm) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        options.payload = form({ [field.name]: String(value) });
      } else {
        headers['content-type'] = 'application/json';
        options.payload = JSON.stringify({ [field.name]: value });
      }
    }
    return options;
  }

  it('answers 4xx, never 5xx, and writes nothing', { timeout: 120_000 }, async () => {
    expect(targets.length).toBeGreaterThan(40);
    const before = await counts();
    const surprises: string[] = [];
    let sent = 0;
    for (const target of targets) {
      const fields: { in: string; name: string; schema: FieldSchema }[] = (target.operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path' || parameter.in === 'query')
        .map((parameter) => ({ in: parameter.in, name: parameter.name, schema: parameter.schema }));
      const bodySchema = target.operation.requestBody?.content['application/json']?.schema;
      for (const [name, schema] of Object.entries(bodySchema?.properties ?? {})) fields.push({ in: 'body', name, schema });
      for (const field of fields) {
        await fc
          .assert(
            fc.asyncProperty(hostileValues(field.schema, field.in === 'body'), fc.boolean(), async (value, asForm) => {
              // A form carries only text: a number is hostile there only for a numeric field (a JSON number for a text field is
              // the wrong type only in JSON; as form text it is ordinary text).
              const sendAsForm = asForm && (typeof value === 'string' || (typeof value === 'number' && isNumeric(field.schema)));
              const response = await testApp.app.inject(request(target, field, value, sendAsForm));
              sent += 1;
              const ok = response.statusCode >= 400 && response.statusCode < 500;
              if (!ok)
                surprises.push(
                  `${target.method} ${target.path} ${field.in}.${field.name}=${JSON.stringify(value)}: ${response.statusCode} ${response.body.slice(0, 200)}`,
                );
              return ok;
            }),
            { numRuns: runsPerField, endOnFailure: true },
          )
          .catch(() => undefined);
      }
    }
    expect(surprises).toEqual([]);
    expect(sent).toBeGreaterThan(300);
    expect(await counts()).toEqual(before);
  });
});
