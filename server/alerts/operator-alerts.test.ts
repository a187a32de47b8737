import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import eng from '../../locales/eng.json' with { type: 'json' };
import { verificationBody } from '../../tests/helpers/identity.ts';
import { expectFailure, expectSuccess, registerMember, send } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { notifyPayment, placeOrder } from '../../tests/helpers/orders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import type { Mailer } from '../notifications/mailer.ts';
import { sendTestAlert } from './alert-test.ts';
import { alertRound } from './operator-alerts.ts';

type Settings = { emails: string; webhook_url: string; webhook_secret_set: boolean; email_available: boolean; webhook_secret?: string };
type Posted = { body: string; signature: string };
type WebhookItem = { item: string; kind: string; label: string; amount: string | null; url: string | null };

/** A webhook receiver on this machine, answering with the status a test sets. */
async function startReceiver(): Promise<{ url: string; posts: Posted[]; answer: { status: number }; close: () => Promise<void> }> {
  const posts: Posted[] = [];
  const answer = { status: 204 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      posts.push({ body, signature: String(request.headers['x-signature'] ?? '') });
      response.writeHead(answer.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/work`,
    posts,
    answer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Checks the signature as a receiver would: HMAC-SHA256 of "<t>.<body>" with the secret. */
function signedWith(secret: string, posted: Posted): boolean {
  const [, t = '', v1 = ''] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(posted.signature) ?? [];
  return v1 !== '' && createHmac('sha256', secret).update(`${t}.${posted.body}`).digest('hex') === v1;
}

describe.each(databaseKinds())('operators told of new work by e-mail and a signed webhook, on %s', (kind) => {
  let testApp: TestApp;
  let admin: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const mails: { to: string; subject: string; text: string }[] = [];
  const mailer: Mailer = { send: async (mail) => void mails.push(mail) };
  const outlets = () => ({ mailer, publicUrl: 'https://shop.example' });
  const put = (body: Record<string, unknown>, token = admin) => send(testApp.app, 'PUT', 'admin/v1/alerts', { token, json: true, body });

  beforeAll(async () => {
    testApp = await createTestApp(kind, { REGISTRATIONS_PER_ADDRESS: '100000' });
    admin = await operatorToken(testApp.app, testApp.database.db);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await testApp.close();
  });
  beforeEach(() => {
    mails.length = 0;
    receiver.posts.length = 0;
    receiver.answer.status = 204;
  });

  it('is set by administrators only, refuses a wrong address by field and changes nothing, and shows the signing secret once', async () => {
    const reviewer = await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer');
    expectFailure(await send(testApp.app, 'GET', 'admin/v1/alerts', { token: reviewer }), 403);
    expectFailure(await put({ emails: 'desk@shop.example' }, reviewer), 403);
    expect(expectSuccess(await send(testApp.app, 'GET', 'admin/v1/alerts', { token: admin }))).toEqual({
      emails: '',
      webhook_url: '',
      email_languages: {},
      webhook_secret_set: false,
      email_available: false,
    });

    expect(expectFailure(await put({ emails: 'desk@shop.example, not-an-address' }), 422).errors).toHaveProperty('emails');
    expect(expectFailure(await put({ webhook_url: 'http://hooks.example/work' }), 422).errors).toHaveProperty('webhook_url');
    expect(expectFailure(await put({ webhook_url: 'https://user:pass@hooks.example/work' }), 422).errors).toHaveProperty('webhook_url');
    expect(expectFailure(await put({ emails: 'a@x.io,b@x.io,c@x.io,d@x.io,e@x.io,f@x.io' }), 422).errors).toHaveProperty('emails');
    expect(expectSuccess(await send(testApp.app, 'GET', 'admin/v1/alerts', { token: admin }))).toMatchObject({
      emails: '',
      webhook_url: '',
    });

    const first = expectSuccess(
      await put({ emails: ' desk@shop.example;desk@shop.example  boss@shop.example', webhook_url: receiver.url }),
    ) as Settings;
    expect(first).toMatchObject({ emails: 'desk@shop.example, boss@shop.example', webhook_url: receiver.url, webhook_secret_set: true });
    expect(first.webhook_secret).toMatch(/^whsec_[\w-]{32}$/);
    const read = expectSuccess(await send(testApp.app, 'GET', 'admin/v1/alerts', { token: admin })) as Settings;
    expect(read).not.toHaveProperty('webhook_secret');
    expect((expectSuccess(await put({ emails: 'desk@shop.example' })) as Settings).webhook_secret).toBeUndefined();
    const replaced = expectSuccess(await put({ new_secret: true })) as Settings;
    expect(replaced.webhook_secret).toMatch(/^whsec_/);
    expect(replaced.webhook_secret).not.toBe(first.webhook_secret);

    const audit = await testApp.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'operator.alerts')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(3);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
    expect(audit.map((entry) => (entry.after as { secret_replaced: boolean }).secret_replaced)).toEqual([true, false, true]);
  });

  it('tells each new payment notice and verification once per channel, by order number and username, signed', async () => {
    const { webhook_secret: secret = '' } = expectSuccess(
      await put({ emails: 'desk@shop.example', webhook_url: receiver.url, new_secret: true }),
    ) as Settings;
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    expectSuccess(await notifyPayment(testApp.app, member, order.id), 201);
    expectSuccess(
      await send(testApp.app, 'PUT', `v1/user/${member.id}`, {
        token: member.token,
        body: await verificationBody(testApp.app, member, 'Lin Mei'),
      }),
    );

    const [round, again] = await Promise.all([alertRound(testApp.database.db, outlets()), alertRound(testApp.database.db, outlets())]);
    expect((round.told.email ?? 0) + (again.told.email ?? 0)).toBeGreaterThanOrEqual(2);
    expect(
      mails
        .map((mail) => mail.text)
        .join('\n')
        .match(new RegExp(order.order_number, 'g')),
    ).toHaveLength(3);
    const mail = mails.map((sent) => sent.text).join('\n');
    expect(mail).toContain(`付款通知: ${order.order_number}`);
    expect(mail).toContain(`Identity verification: ${member.username}`);
    expect(mail).toContain('https://shop.example/admin#notices');
    expect(mails.every((sent) => sent.to === 'desk@shop.example')).toBe(true);

    const items = receiver.posts.flatMap((posted) => (JSON.parse(posted.body) as { items: WebhookItem[] }).items);
    expect(receiver.posts.every((posted) => signedWith(secret, posted))).toBe(true);
    expect(signedWith('whsec_someone-else', receiver.posts[0] ?? { body: '', signature: '' })).toBe(false);
    const ours = items.filter((item) => item.label === order.order_number || item.label === member.username);
    expect(ours.map((item) => item.kind).sort()).toEqual(['payment_notice', 'verification']);
    expect(ours.find((item) => item.kind === 'payment_notice')).toMatchObject({
      amount: '3000.0000',
      url: 'https://shop.example/admin#notices',
    });

    mails.length = 0;
    receiver.posts.length = 0;
    expect((await alertRound(testApp.database.db, outlets())).told).toEqual({ email: 0, webhook: 0 });
    expect(mails).toEqual([]);
    expect(receiver.posts).toEqual([]);
  });

  it('tries a receiver that failed again in the next round, and tells nothing older than a day', async () => {
    expectSuccess(await put({ emails: '', webhook_url: receiver.url }));
    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    expectSuccess(await notifyPayment(testApp.app, member, order.id), 201);

    receiver.answer.status = 500;
    expect(await alertRound(testApp.database.db, outlets())).toMatchObject({ failed: ['webhook'] });
    receiver.answer.status = 204;
    expect(await alertRound(testApp.database.db, outlets())).toMatchObject({ told: { email: 0, webhook: 1 }, failed: [] });
    expect(receiver.posts).toHaveLength(2);
    expect(mails).toEqual([]);

    const later = await registerMember(testApp.app);
    const late = await placeOrder(testApp.app, later);
    expectSuccess(await notifyPayment(testApp.app, later, late.id), 201);
    receiver.posts.length = 0;
    expect((await alertRound(testApp.database.db, outlets(), new Date(Date.now() + 25 * 60 * 60_000))).told.webhook).toBe(0);
    expect(receiver.posts).toEqual([]);
  });

  it('sends a test through each channel as saved, signed, telling no work, for administrators only', async () => {
    const { webhook_secret: secret = '' } = expectSuccess(
      await put({ emails: 'desk@shop.example', webhook_url: receiver.url, new_secret: true }),
    ) as Settings;
    const test = (token = admin) => send(testApp.app, 'POST', 'admin/v1/alerts/test', { token });
    expectFailure(await test(await operatorToken(testApp.app, testApp.database.db, undefined, 'reviewer')), 403);

    // Without SMTP_URL the e-mail is not set; the webhook's test is signed like a real post and names no item.
    expect(expectSuccess(await test())).toEqual({ email: 'not_set', webhook: 'sent', webhook_status: 204 });
    const [posted] = receiver.posts;
    expect(posted !== undefined && signedWith(secret, posted)).toBe(true);
    expect(JSON.parse(posted?.body ?? '{}')).toMatchObject({ event: 'work.test', items: [] });
    receiver.answer.status = 500;
    expect(expectSuccess(await test())).toEqual({ email: 'not_set', webhook: 'failed', webhook_status: 500 });

    // With a mail server, the addresses get one test e-mail in the three languages.
    const result = await sendTestAlert(testApp.database.db, { mailer, post: async () => ({ ok: true, status: 200 }) });
    expect(result).toEqual({ email: 'sent', webhook: 'sent', webhook_status: 200 });
    expect(mails).toEqual([expect.objectContaining({ to: 'desk@shop.example', subject: expect.stringContaining(' / ') as string })]);
    const refusing: Mailer = { send: () => Promise.reject(new Error('550 mailbox unavailable')) };
    expect((await sendTestAlert(testApp.database.db, { mailer: refusing, post: async () => ({ ok: true }) })).email).toBe('failed');
    // A test tells no work: nothing was claimed.
    const claimed = await testApp.database.db.selectFrom('operator_alerts').select('item').where('item', 'like', '%test%').execute();
    expect(claimed).toEqual([]);
  });
  it('writes to an address in the one language an administrator chose for it, the others in all three', async () => {
    expect(expectFailure(await put({ email_languages: { 'desk@shop.example': 'fr' } }), 422).errors).toHaveProperty('email_languages');
    const saved = expectSuccess(
      await put({
        emails: 'desk@shop.example, boss@shop.example',
        email_languages: { 'boss@shop.example': 'eng', 'desk@shop.example': 'all' },
        webhook_url: '',
      }),
    ) as Settings & { email_languages: Record<string, string> };
    expect(saved.email_languages).toEqual({ 'boss@shop.example': 'eng' });

    const member = await registerMember(testApp.app);
    const order = await placeOrder(testApp.app, member);
    expectSuccess(await notifyPayment(testApp.app, member, order.id), 201);
    const round = await alertRound(testApp.database.db, outlets());
    expect(round.failed).toEqual([]);
    // A language's addresses are a channel of their own: the first round tells them the day's work not told to them.
    const english = round.told['email:eng'] ?? 0;
    expect(english).toBeGreaterThanOrEqual(1);
    const byAddress = new Map(mails.map((mail) => [mail.to, mail]));
    expect(byAddress.get('boss@shop.example')?.subject).toBe(eng.alert_mail_subject.replace('{{count}}', String(english)));
    expect(byAddress.get('boss@shop.example')?.text).not.toMatch(/[\u4e00-\u9fff]/);
    expect(byAddress.get('boss@shop.example')?.text).toContain(order.order_number);
    expect(byAddress.get('desk@shop.example')?.subject).toContain(' / ');
    // Each language's addresses are told once: a second round tells nobody.
    mails.length = 0;
    await alertRound(testApp.database.db, outlets());
    expect(mails).toEqual([]);
    // An address taken off the list loses its language.
    const fewer = expectSuccess(await put({ emails: 'desk@shop.example' })) as { email_languages: Record<string, string> };
    expect(fewer.email_languages).toEqual({});
  });
});
