import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { repeatEvery } from '../shared/repeat.ts';
import { noticeMail } from './notice-mail.ts';
import { claimUnmailed, forgetExtraAddresses, releaseUnsent } from './notifications.repository.ts';

/** What sends one e-mail: nodemailer over SMTP in the product, anything in a test. */
export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>;
}

export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  // nodemailer loads with the first e-mail, not with every start of the server.
  let transport: Promise<Transporter> | undefined;
  const connect = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  return {
    async send(mail) {
      await (await connect()).sendMail({ from, ...mail });
    },
    close: () =>
      void transport?.then(
        (open) => open.close(),
        () => undefined,
      ),
  };
}

/** Notices older than this when mailing starts are not sent: news, not a backlog. */
export const mailWindowMs = 24 * 60 * 60_000;
const batchSize = 50;

/**
 * One round of the outbox: claims the next notices, sends each, and gives back those that failed
 * for the next round; the others are not held back. A process that dies between the claim and the
 * send loses those e-mails (the notices stay in the member's bell): at most once, never twice.
 */
export async function mailPendingNotices(
  db: Db,
  mailer: Mailer,
  timeZone: string,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  const notices = await claimUnmailed(db, new Date(now.getTime() - mailWindowMs), batchSize);
  const failed: string[] = [];
  for (const notice of notices) {
    // One e-mail to the member's address and, for a changed address, the former one too: both are the member's.
    const to = [...new Set([notice.email, notice.also_mail_to].filter((address) => address !== null && address !== ''))].join(', ');
    try {
      await mailer.send({ to, ...noticeMail(notice.kind, notice.params, timeZone) });
    } catch {
      failed.push(notice.id);
    }
  }
  await releaseUnsent(db, failed);
  await forgetExtraAddresses(
    db,
    notices.map((notice) => notice.id).filter((id) => !failed.includes(id)),
  );
  return { sent: notices.length - failed.length, failed: failed.length };
}

/** Every process mails on the original app's 5-second beat when SMTP_URL is set; returns the function that stops it. */
export function startMailing(db: Db, config: Config, log: FastifyBaseLogger, everyMs = 5_000): () => Promise<void> {
  if (config.smtpUrl === undefined) return async () => undefined;
  const mailer = smtpMailer(config.smtpUrl, config.mailFrom);
  const stop = repeatEvery(everyMs, () =>
    mailPendingNotices(db, mailer, config.businessTimeZone)
      .then(({ failed }) => {
        if (failed > 0) log.warn({ failed }, 'some notification e-mails could not be sent; they are tried again');
      })
      .catch((error: unknown) => log.error({ err: error }, 'notification e-mail round failed; the next one tries again')),
  );
  return async () => {
    await stop();
    mailer.close();
  };
}
