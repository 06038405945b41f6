import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { outboxRepo } from './outbox.repo';

export type MailMessage = { to: string; subject: string; text: string; html: string; kind: string };

/** The kind of a password reset mail: its link signs the recipient in, so only they may read it once it can be delivered. */
export const PASSWORD_RESET_MAIL = 'password-reset';

export type MailerOptions = {
  smtpUrl?: string;
  from: () => Promise<string>;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
};

const MAX_ATTEMPTS = 5;

/**
 * Every message is first written to the outbox table, inside the caller's transaction when it
 * has one, so a committed payment always has its receipt on record. With SMTP_URL the outbox is
 * then delivered (and retried on failure); without it the message is kept there, and logged, so
 * an offline site still works.
 */
export function createMailer(db: Kysely<Database>, options: MailerOptions) {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const repo = outboxRepo(db);

  const mailer = {
    smtp: Boolean(transport),

    /** Records a message; pass the transaction to make it part of the caller's change. */
    async queue(message: MailMessage, trx: Kysely<Database> = db): Promise<void> {
      await outboxRepo(trx).insert({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        kind: message.kind,
        status: transport ? 'queued' : 'kept',
        last_error: null,
        created_at: options.clock().toISOString(),
        sent_at: null,
      });
      if (!transport) {
        // The log line carries the message's first link, so an offline admin can still act on it.
        const link = /https?:\/\/\S+/.exec(message.text)?.[0];
        options.log.info({ to: message.to, subject: message.subject, link }, 'E-mail kept in the outbox (SMTP_URL is not set)');
      }
    },

    /** Sends what is waiting; safe to run from several servers at once. */
    async deliver(): Promise<void> {
      if (!transport) return;
      const from = await options.from();
      for (const message of await repo.deliverable(MAX_ATTEMPTS)) {
        if (!(await repo.claim(message.id, message.attempts))) continue;
        try {
          await transport.sendMail({
            from,
            to: message.to_address,
            subject: message.subject,
            text: message.text_body,
            html: message.html_body,
          });
          await repo.markSent(message.id, options.clock().toISOString());
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          options.log.warn({ outboxId: message.id, reason }, 'E-mail delivery failed; it will be retried');
          await repo.markFailed(message.id, reason);
        }
      }
    },

    /** Queue and deliver at once, for messages outside any transaction. */
    async send(message: MailMessage): Promise<void> {
      await mailer.queue(message);
      await mailer.deliver();
    },

    recent: repo.recent,

    close(): void {
      transport?.close();
    },
  };
  return mailer;
}
export type Mailer = ReturnType<typeof createMailer>;
