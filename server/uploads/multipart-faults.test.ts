import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, registerMember } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { damagedMultiparts, multipartRoutes, photo } from '../../tests/helpers/uploads.ts';

describe.each(databaseKinds())('cut-off and malformed multipart bodies on %s', (kind) => {
  let testApp: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    tokens.member = (await registerMember(testApp.app)).token;
    tokens.operator = await operatorToken(testApp.app, testApp.database.db);
  }, 180_000);
  afterAll(async () => {
    await testApp.close();
  });

  it('answers each upload route with 400 and the validation code, never a 500', async () => {
    const bodies = damagedMultiparts(await photo('png', 64, 64));
    const answers: string[] = [];
    for (const route of multipartRoutes) {
      for (const body of bodies) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: route.url,
          headers: { authorization: `Bearer ${tokens[route.caller]}`, 'content-type': body.contentType },
          payload: body.payload,
        });
        const envelope = expectFailure(response, response.statusCode);
        answers.push(`${route.url} ${body.name}: ${response.statusCode} ${String(envelope.error_code)}`);
      }
    }
    expect(
      answers.every((answer) => answer.endsWith('400 validation')),
      answers.join('\n'),
    ).toBe(true);
  });
});
