import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../../tests/helpers/log-lines.ts';
import { expectFailure } from '../../tests/helpers/members.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { checkJsonShape, jsonDepthMax, jsonKeysMax } from './json-body.ts';
import type { RefusedInput } from './refused-input.ts';

/** Routes that read a JSON body without a login: the first thing an attacker reaches. */
const openJsonRoutes = ['/api/v1/login', '/api/admin/v1/login', '/api/v1/register', '/api/v1/device/heartbeat'];

/** 10,000 nested arrays: about 20 KB, well under the body limit. */
const deepArrays = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

/** Why checkJsonShape refuses a body (the reason a client is given), or undefined when it lets it through. */
function refusal(text: string): string | undefined {
  try {
    checkJsonShape(text);
    return undefined;
  } catch (error) {
    return JSON.stringify((error as RefusedInput).errors);
  }
}

const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe('checkJsonShape', () => {
  it('lets real bodies through, nested objects up to the limit and keys that repeat only in different objects', () => {
    expect(refusal(nestedObjects(jsonDepthMax))).toBeUndefined();
    expect(refusal('{"item_content":[{"product_id":1,"count":2},{"product_id":2,"count":1}],"amount":"100"}')).toBeUndefined();
    expect(refusal('{"text":"a \\" { [ \\\\","list":["a","a"],"n":{"text":1}}')).toBeUndefined();
  });

  it('refuses a body nested deeper than the limit, more keys than the limit, and a key given twice', () => {
    expect(refusal(nestedObjects(jsonDepthMax + 1))).toMatch(/nested/);
    expect(refusal(deepArrays)).toMatch(/nested/);
    const manyKeys = `{${Array.from({ length: jsonKeysMax + 1 }, (_, index) => `"k${index}":1`).join(',')}}`;
    expect(refusal(manyKeys)).toMatch(/keys/);
    expect(refusal('{"amount":"100","amount":"250"}')).toMatch(/amount.*more than once/);
    // The same key written two ways is still the same key to the parser.
    expect(refusal('{"amount":"100","\\u0061mount":"250"}')).toMatch(/amount.*more than once/);
  });
});

describe.each(databaseKinds())('JSON bodies of a hostile shape on %s', (kind) => {
  let testApp: TestApp;
  const log = capturedLog();
  beforeAll(async () => {
    testApp = await createTestApp(kind, {}, 'lazy', log.logger);
  }, 180_000);
  afterAll(async () => {
    await testApp.close();
  });

  const post = (url: string, payload: string) =>
    testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it('answers 10,000 nested arrays with 400 and the validation code on every open JSON route, logged at warn without a stack', async () => {
    expect(deepArrays.length).toBeGreaterThan(19_000);
    log.lines.length = 0;
    for (const url of openJsonRoutes) {
      const body = expectFailure(await post(url, deepArrays), 400);
      expect(body.error_code, url).toBe('validation');
      expect(body.errors).toHaveProperty('request');
    }
    const refusals = log.lines.filter((line) => line.msg === 'request refused for its shape');
    expect(refusals).toHaveLength(openJsonRoutes.length);
    expect(refusals.every((line) => line.level === 40)).toBe(true);
    expect(JSON.stringify(log.lines)).not.toMatch(/stack|RangeError|strict-input/);
    expect(log.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('refuses too many keys and deep objects with 400, and a key given twice naming the field', async () => {
    const manyKeys = `{${Array.from({ length: jsonKeysMax + 1 }, (_, index) => `"k${index}":1`).join(',')}}`;
    expect(expectFailure(await post('/api/v1/login', manyKeys), 400).error_code).toBe('validation');
    expect(expectFailure(await post('/api/v1/login', nestedObjects(jsonDepthMax + 1)), 400).error_code).toBe('validation');
    const twice = expectFailure(await post('/api/v1/login', '{"username":"someone","username":"other","password":"x"}'), 400);
    expect(twice).toMatchObject({ error_code: 'validation', errors: { username: [expect.stringMatching(/more than once/)] } });
  });

  it('still reads an ordinary JSON login', async () => {
    const response = await post('/api/v1/login', JSON.stringify({ username: 'nobody_here', password: 'wrong_pass1' }));
    expect(response.statusCode, response.body).toBe(401);
  });
});
