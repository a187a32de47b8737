import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { registerMember, send, type Member } from './members.ts';
import { operatorToken } from './operators.ts';
import { uploadPhoto } from './uploads.ts';

/** Identity details that pass every rule, for a given real name. */
export async function verificationBody(app: FastifyInstance, member: Member, realname: string) {
  const [front, back, handle] = [
    await uploadPhoto(app, member.token),
    await uploadPhoto(app, member.token),
    await uploadPhoto(app, member.token),
  ];
  return {
    name: member.username,
    realname,
    email: `${member.username}@example.com`,
    phone: '+886 912 345 678',
    countries_id: 1,
    certificates_id: 1,
    certificate_number: 'A123456789',
    certificate_front: front,
    certificate_back: back,
    certificate_handle: handle,
  };
}

/** A member whose identity an operator has approved under `realname`. */
export async function verifiedMember(app: FastifyInstance, db: Db, realname = 'Lin Mei'): Promise<Member & { realname: string }> {
  const member = await registerMember(app);
  const submitted = await send(app, 'PUT', `v1/user/${member.id}`, {
    token: member.token,
    body: await verificationBody(app, member, realname),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const approved = await send(app, 'POST', `admin/v1/verifications/${member.id}/approve`, { token: await operatorToken(app, db) });
  expect(approved.statusCode, approved.body).toBe(200);
  return { ...member, realname };
}

/** A card in the member's verified name, through the API; returns its id. */
export async function addCard(
  app: FastifyInstance,
  member: Member & { realname: string },
  fields: Record<string, string> = {},
): Promise<number> {
  const response = await send(app, 'POST', 'v1/bankcard', {
    token: member.token,
    body: {
      cardholder: member.realname,
      bank_name: 'Bank of Taiwan',
      card_number: '62258801234567',
      payment_name: 'Xinyi branch',
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { detail: { id: number } }).detail.id;
}
