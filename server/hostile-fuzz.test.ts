import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard, verifiedMember } from '../tests/helpers/identity.ts';
import { fundMember, points } from '../tests/helpers/ledger.ts';
import { looseAmounts, nestedArrays } from '../tests/helpers/hostile-values.ts';
import { forgedChain } from '../tests/helpers/log-lines.ts';
import { form, houseCode, uniqueName } from '../tests/helpers/members.ts';
import { operatorToken } from '../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../tests/helpers/test-app.ts';
import { damagedMultiparts, multipartRoutes, photo } from '../tests/helpers/uploads.ts';

/**
 * Walks every operation of the served OpenAPI document and sends hostile values in each of its
 * path, query and body fields, one field at a time, with the token the path needs. Every such
 * request must be refused with a 4xx (never a 5xx), and nothing may be written. Then the same
 * operations get bodies of a hostile shape (10,000 nested arrays, a key given twice, loose amounts),
 * the upload routes get cut-off multipart bodies, and logins and registrations come behind forged
 * X-Forwarded-For chains. The figures are printed: requests sent, 4xx by code, 5xx (none).
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
/** Per-address limits of the fuzzed server, low so that forged chains reach them in a few requests. */
const loginFailuresPerAddress = 5;
const registrationsPerAddress = 5;
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
    testApp = await createTestApp(kind, {
      WITHDRAWAL_COOLDOWN_HOURS: '0',
      // Behind one load balancer: the client is the entry it appended, whatever the client wrote before it.
      TRUST_PROXY: '1',
      LOGIN_FAILURES_PER_ADDRESS: String(loginFailuresPerAddress),
      REGISTRATIONS_PER_ADDRESS: String(registrationsPerAddress),
    });
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
    const codes = [...figures.byCode.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, n]) => `${code} ${n}`);
    console.log(
      `hostile fuzz on ${kind}: ${figures.sent} requests; answers by status and code: ${codes.join(', ')}; 5xx: ${figures.serverErrors}`,
    );
  });

  const figures = { sent: 0, serverErrors: 0, byCode: new Map<string, number>() };
  /** Counts an answer into the printed figures; true when it is a refusal (4xx). */
  function tally(response: { statusCode: number; body: string }): boolean {
    figures.sent += 1;
    if (response.statusCode >= 500) figures.serverErrors += 1;
    let code = 'none';
    try {
      code = (JSON.parse(response.body) as { error_code?: string }).error_code ?? 'none';
    } catch {
      // A body that is not JSON is counted under "none".
    }
    const key = `${response.statusCode} ${code}`;
    figures.byCode.set(key, (figures.byCode.get(key) ?? 0) + 1);
    return response.statusCode >= 400 && response.statusCode < 500;
  }
  const tokenFor = (path: string) => (path.startsWith('/api/admin/') ? operator : memberToken);
  /** The operation's path with an id no record has in every path parameter. */
  const urlOf = (target: Target) => target.path.replace(/\{[^}]+\}/g, absentId);

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
              const ok = tally(response);
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

  it(
    'answers bodies of a hostile shape on every operation that takes one with 400 and the validation code',
    { timeout: 120_000 },
    async () => {
      const before = await counts();
      const surprises: string[] = [];
      const withBody = targets.filter((target) => target.operation.requestBody?.content['application/json'] !== undefined);
      expect(withBody.length).toBeGreaterThan(20);
      for (const target of withBody) {
        const fields = Object.keys(target.operation.requestBody?.content['application/json']?.schema.properties ?? {});
        const first = fields[0] ?? 'field';
        const bodies: [string, string, string][] = [
          ['10,000 deep', 'application/json', nestedArrays(10_000)],
          // Under the partner result route's own 4 KB limit, which refuses the larger one as too large.
          ['1,000 deep', 'application/json', nestedArrays(1_000)],
          ['duplicate key', 'application/json', `{"${first}":"1","${first}":"2"}`],
          ['repeated field', 'application/x-www-form-urlencoded', `${first}=1&${first}=2`],
        ];
        for (const [name, contentType, payload] of bodies) {
          const response = await testApp.app.inject({
            method: target.method as NonNullable<InjectOptions['method']>,
            url: urlOf(target),
            headers: { authorization: `Bearer ${tokenFor(target.path)}`, 'content-type': contentType },
            payload,
          });
          tally(response);
          const envelope = response.json() as { error_code?: string };
          const tooLarge = name === '10,000 deep' && envelope.error_code === 'body_too_large';
          if (!tooLarge && (response.statusCode !== 400 || envelope.error_code !== 'validation'))
            surprises.push(`${target.method} ${target.path} ${name}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      }
      expect(surprises).toEqual([]);
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses loose amounts in every amount field, as form text and as JSON text', { timeout: 120_000 }, async () => {
    const before = await counts();
    const surprises: string[] = [];
    for (const target of targets) {
      const properties = target.operation.requestBody?.content['application/json']?.schema.properties ?? {};
      for (const [name, schema] of Object.entries(properties)) {
        if (schema['x-number-as-text'] !== true) continue;
        for (const amount of looseAmounts) {
          for (const asForm of [true, false]) {
            const response = await testApp.app.inject({
              method: target.method as NonNullable<InjectOptions['method']>,
              url: urlOf(target),
              headers: {
                authorization: `Bearer ${tokenFor(target.path)}`,
                'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
              },
              payload: asForm ? form({ [name]: amount }) : JSON.stringify({ [name]: amount }),
            });
            if (!tally(response))
              surprises.push(`${target.method} ${target.path} ${name}=${JSON.stringify(amount)}: ${response.statusCode}`);
          }
        }
      }
    }
    expect(surprises).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('answers cut-off and malformed multipart bodies on every upload route with 400', async () => {
    const before = await counts();
    const surprises: string[] = [];
    for (const route of multipartRoutes) {
      for (const body of damagedMultiparts(await photo('png', 64, 64))) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: route.url,
          headers: { authorization: `Bearer ${route.caller === 'operator' ? operator : memberToken}`, 'content-type': body.contentType },
          payload: body.payload,
        });
        tally(response);
        if (response.statusCode !== 400) surprises.push(`${route.url} ${body.name}: ${response.statusCode}`);
      }
    }
    expect(surprises).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('limits logins and registrations behind forged X-Forwarded-For chains by the real address', { timeout: 120_000 }, async () => {
    const through = (index: number, client: string) => ({
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': forgedChain(index, client) },
    });
    const logins: number[] = [];
    for (let index = 0; index < loginFailuresPerAddress * 2; index += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        ...through(index, '203.0.113.7'),
        payload: { username: uniqueName('nobody'), password: 'wrong_pass1' },
      });
      tally(response);
      logins.push(response.statusCode);
    }
    expect(logins.slice(loginFailuresPerAddress).every((status) => status === 429)).toBe(true);
    const registrations: number[] = [];
    for (let index = 0; index <= registrationsPerAddress; index += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        ...through(index, '203.0.113.9'),
        payload: { username: uniqueName(), password: 'secret_123', password_confirmation: 'secret_123', parent_code: houseCode },
      });
      tally(response);
      registrations.push(response.statusCode);
    }
    expect(registrations.at(-1)).toBe(429);
    expect(figures.serverErrors).toBe(0);
  });
});
