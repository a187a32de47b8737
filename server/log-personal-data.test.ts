import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCard } from '../tests/helpers/identity.ts';
import { fundMember, points } from '../tests/helpers/ledger.ts';
import { expectSuccess, registerMember, send } from '../tests/helpers/members.ts';
import { operatorToken } from '../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../tests/helpers/test-app.ts';
import { uploadPhoto } from '../tests/helpers/uploads.ts';
import { serverLogOptions } from './http/log-redaction.ts';

const person = {
  phone: '+886 912 345 678',
  realname: 'Chen Yu-ting',
  email: 'yuting.chen@example.net',
  certificateNumber: 'F223456789',
  cardNumber: '6225880123456789',
};

/** Each way a value may be written into a URL or a log line. */
const spellings = (value: string) => [value, encodeURIComponent(value), value.replaceAll(' ', '+'), value.replaceAll(' ', '')];

/**
 * The server's log of a whole journey, at its most talkative level and with the server's own log
 * settings, holds no member's personal data and no token: operators search by phone and name, and those searches are logged as the route and its parameter names only (decision 043).
 */
describe.each(databaseKinds())('personal data in the log on %s', (kind) => {
  let testApp: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp(kind, { WITHDRAWAL_COOLDOWN_HOURS: '0' }, 'lazy', {
      ...serverLogOptions('trace'),
      stream: { write: (line: string) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('holds no phone, real name, e-mail, certificate or card number, nor any token', async () => {
    const { app } = testApp;
    const member = await registerMember(app);
    const photos = [await uploadPhoto(app, member.token), await uploadPhoto(app, member.token), await uploadPhoto(app, member.token)];
    expectSuccess(
      await send(app, 'PUT', `v1/user/${member.id}`, {
        token: member.token,
        body: {
          name: member.username,
          realname: person.realname,
          email: person.email,
          phone: person.phone,
          countries_id: 1,
          certificates_id: 1,
          certificate_number: person.certificateNumber,
          certificate_front: photos[0],
          certificate_back: photos[1],
          certificate_handle: photos[2],
        },
      }),
    );
    const operator = await operatorToken(app, testApp.database.db);
    for (const q of [person.phone, person.realname]) {
      const found = expectSuccess(await send(app, 'GET', `admin/v1/members?q=${encodeURIComponent(q)}&page=1`, { token: operator }));
      expect(JSON.stringify(found)).toContain(member.username);
    }
    expectSuccess(await send(app, 'POST', `admin/v1/verifications/${member.id}/approve`, { token: operator }));
    expectSuccess(await send(app, 'GET', `admin/v1/members/${member.id}`, { token: operator }));
    const cardId = await addCard(app, { ...member, realname: person.realname }, { card_number: person.cardNumber });
    await fundMember(testApp.database.db, member.id, points(500));
    const withdrawal = expectSuccess(
      await send(app, 'POST', 'v1/withdraw', { token: member.token, body: { bankcard_id: cardId, amount: '100' } }),
      201,
    ) as { id: number };
    const card = expectSuccess(await send(app, 'POST', `admin/v1/withdrawals/${withdrawal.id}/card`, { token: operator }));
    expect(card).toMatchObject({ card_number: person.cardNumber });
    // Member routes and refused URLs are logged the same way: a query no route takes, one that is not valid encoding.
    await send(app, 'GET', `v1/check?email=${encodeURIComponent(person.email)}`, { token: member.token });
    await app.inject({ method: 'GET', url: `/api/admin/v1/members/%E0%A4%A?q=${encodeURIComponent(person.phone)}` });
    await app.inject({ method: 'GET', url: `/api/v1/nowhere?phone=${encodeURIComponent(person.phone)}` });

    const log = lines.join('');
    expect(log).toContain('/api/admin/v1/members?q=[redacted]&page=[redacted]');
    expect(log).toContain('/api/v1/check?email=[redacted]');
    for (const [name, value] of Object.entries(person)) {
      for (const spelling of spellings(value)) expect(log.includes(spelling), `${name} as ${spelling}`).toBe(false);
    }
    for (const token of [member.token, operator]) expect(log.includes(token), 'a token').toBe(false);
  });
});
