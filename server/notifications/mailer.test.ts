import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import eng from '../../locales/eng.json' with { type: 'json' };
import zhs from '../../locales/zhs.json' with { type: 'json' };
import zht from '../../locales/zht.json' with { type: 'json' };
import { verificationBody } from '../../tests/helpers/identity.ts';
import { expectSuccess, registerMember, send, type Member } from '../../tests/helpers/members.ts';
import { operatorToken } from '../../tests/helpers/operators.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../tests/helpers/test-app.ts';
import { mailPendingNotices, mailWindowMs, smtpMailer, type Mailer } from './mailer.ts';
import { addNotification } from './notifications.repository.ts';

interface Received {
  to: string[];
  body: string;
}

/** A real SMTP server started by the test: what the product sends arrives here over a socket. */
async function startMailbox(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), body: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable and soft line breaks undone, so the test reads the words the member reads. */
function decoded(body: string): string {
  const text = body.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
  return text;
}

describe.each(databaseKinds())('notification e-mails on %s', (kind) => {
  let testApp: TestApp;
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let mailer: ReturnType<typeof smtpMailer>;
  let operator: string;
  beforeAll(async () => {
    testApp = await createTestApp(kind);
    mailbox = await startMailbox();
    mailer = smtpMailer(mailbox.url, 'Graphene Solar <no-reply@shop.example>');
    operator = await operatorToken(testApp.app, testApp.database.db);
  });
  afterAll(async () => {
    mailer.close();
    await mailbox.close();
    await testApp.close();
  });

  const db = () => testApp.database.db;
  const round = (using: Mailer = mailer, now?: Date) => mailPendingNotices(db(), using, testApp.config.businessTimeZone, now);
  const verified = async (): Promise<Member> => {
    const member = await registerMember(testApp.app);
    const body = await verificationBody(testApp.app, member, 'Lin Mei');
    expectSuccess(await send(testApp.app, 'PUT', `v1/user/${member.id}`, { token: member.token, body }));
    expectSuccess(await send(testApp.app, 'POST', `admin/v1/verifications/${member.id}/approve`, { token: operator }));
    return member;
  };

  it('mails a member’s notice once, over SMTP, in the three languages', async () => {
    await round();
    const before = mailbox.received.length;
    const member = await verified();
    expect(await round()).toEqual({ sent: 1, failed: 0 });
    const mail = mailbox.received.at(-1);
    expect(mailbox.received).toHaveLength(before + 1);
    expect(mail?.to).toEqual([`${member.username}@example.com`]);
    const text = decoded(mail?.body ?? '');
    for (const words of [zhs.notice_verification_approved, zht.notice_verification_approved, eng.notice_verification_approved]) {
      expect(text).toContain(words);
    }
    expect(await round()).toEqual({ sent: 0, failed: 0 });
  });

  it('mails a change of e-mail address to the new address and the former one, then forgets the former', async () => {
    const member = await verified();
    await round();
    const former = `${member.username}@example.com`;
    expectSuccess(
      await send(testApp.app, 'PUT', `v1/user/contact/${member.id}`, {
        token: member.token,
        body: { phone: '+886 987 654 321', email: 'someone.else@example.com', password: member.password },
      }),
    );
    expect(await round()).toEqual({ sent: 1, failed: 0 });
    const mail = mailbox.received.at(-1);
    expect(mail?.to.sort()).toEqual([former, 'someone.else@example.com'].sort());
    expect(decoded(mail?.body ?? '')).toContain(zht.notice_contact_changed.split('{{')[0] ?? '');
    const kept = await db()
      .selectFrom('notifications')
      .select('also_mail_to')
      .where('user_id', '=', member.id)
      .where('kind', '=', 'contact_changed')
      .execute();
    expect(kept).toEqual([{ also_mail_to: null }]);
  });

  it('words amounts as points with four decimals', async () => {
    const member = await verified();
    await round();
    await addNotification(db(), member.id, 'withdrawal_paid', { amount: '1234500' });
    await round();
    expect(decoded(mailbox.received.at(-1)?.body ?? '')).toContain(eng.notice_withdrawal_paid.replace('{{amount}}', '123.4500'));
  });

  it('a mail server that fails leaves the notice for the next round; nothing is sent twice', async () => {
    const member = await verified();
    let down = true;
    const flaky: Mailer = {
      send: async (mail) => {
        if (down) throw new Error('421 try again later');
        await mailer.send(mail);
      },
    };
    expect(await round(flaky)).toEqual({ sent: 0, failed: 1 });
    down = false;
    expect(await round(flaky)).toEqual({ sent: 1, failed: 0 });
    expect(await round(flaky)).toEqual({ sent: 0, failed: 0 });
    expect(mailbox.received.filter((mail) => mail.to.includes(`${member.username}@example.com`))).toHaveLength(1);
  });

  it('sends no backlog of old news, and nothing to a member without an address', async () => {
    await round();
    const member = await verified();
    const later = new Date(Date.now() + mailWindowMs + 60_000);
    expect(await round(mailer, later)).toEqual({ sent: 0, failed: 0 });
    const nameless = await registerMember(testApp.app);
    await addNotification(db(), nameless.id, 'account_reinstated');
    expect(await round()).toEqual({ sent: 1, failed: 0 });
    expect(mailbox.received.at(-1)?.to).toEqual([`${member.username}@example.com`]);
  });
});
