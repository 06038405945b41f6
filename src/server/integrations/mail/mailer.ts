import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { bounceRecorder, classifyRefusal } from './bounces';
import { mailPacer } from './mail-pacer';
import { outboxRepo } from './outbox.repo';

/** A file sent with a mail (an event's .ics, a certificate). */
export type MailAttachment = { filename: string; contentType: string; content: string | Buffer };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  attachments?: MailAttachment[];
  /** Not sent before this instant (invitations leave at a steady rate). */
  notBefore?: string;
  /** Extra headers (List-Unsubscribe and its one-click POST, Precedence). */
  headers?: Record<string, string>;
  /** Bulk mail goes at the configured pace, after the site's own mail (decision 121). */
  bulk?: boolean;
  /** Unique over the outbox: a second message with the same key is refused by the database. */
  uniqueKey?: string;
  /** A newsletter's message: composed from the newsletter when it is sent. */
  newsletterId?: string;
};

/** A newsletter's message as it goes out, or why it must not go after all (decision 120: checked at sending). */
export type Composed = { subject: string; text: string; html: string; headers: Record<string, string> } | { skip: string };
export type Composer = (message: { newsletter_id: string; to_address: string }) => Promise<Composed>;

/** RFC 3834: every message the site sends is automatic, so no auto-responder answers it. */
export const AUTO_SUBMITTED = { 'Auto-Submitted': 'auto-generated' } as const;

export type DkimOptions = { domainName: string; keySelector: string; privateKey: string };

/** Attachments are kept in the outbox row as JSON (base64 content), so a retry sends the same bytes. */
function storedAttachments(attachments: MailAttachment[] | undefined): string | null {
  if (!attachments?.length) return null;
  return JSON.stringify(
    attachments.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      content_base64: Buffer.from(a.content).toString('base64'),
    })),
  );
}

export function readAttachments(stored: string | null): { filename: string; contentType: string; content: Buffer }[] {
  if (!stored) return [];
  const list = JSON.parse(stored) as { filename: string; content_type: string; content_base64: string }[];
  return list.map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.content_base64, 'base64') }));
}

/** The kind of a password reset mail: its link signs the recipient in, so only they may read it once it can be delivered. */
export const PASSWORD_RESET_MAIL = 'password-reset';
/** An invitation to set a password: its link opens the account as a reset link does. */
export const INVITATION_MAIL = 'invitation';

export type MailerOptions = {
  smtpUrl?: string;
  from: () => Promise<string>;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The host named in Message-IDs (the site's own). */
  messageIdHost: string;
  /** Bulk messages a minute, over every server together (decision 121). */
  bulkPerMinute?: number;
  /** Signs every message (for hosts whose relay does not sign). */
  dkim?: DkimOptions;
};

export const MAIL_DELIVERY = {
  /** Tries before a message is left as failed for good (about 14 hours with the waits below). */
  maxAttempts: 10,
  /** A claim lasts this long: longer than the SMTP timeouts, so only a crashed run's claim lapses. */
  leaseMs: 5 * 60 * 1000,
  /** Waits between tries: 2, 4, 8 ... minutes, at most 6 hours. */
  retryDelayMs: (attempts: number) => Math.min(2 ** attempts * 60 * 1000, 6 * 60 * 60 * 1000),
  /** How often the background loop looks for retries and lapsed claims. */
  pollMs: 30 * 1000,
};

/**
 * Every message is first written to the outbox table, inside the caller's transaction when it
 * has one, so a committed payment always has its receipt on record. With SMTP_URL the outbox is
 * delivered in the background, never while a request waits: a message is claimed with a lease
 * (status "sending") so overlapping runs, on one server or several, send it once; only a claim
 * whose lease has lapsed (its run crashed) is tried again, under the same Message-ID, so the
 * receiving side can recognise the repeat. Without SMTP_URL messages are kept for the admin.
 */
export function createMailer(db: Kysely<Database>, options: MailerOptions) {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // One connection kept open and reused: a newsletter's thousands of messages do not each
        // open their own (about 100 ms apiece, and relays limit connections), decision 121.
        pool: true,
        maxConnections: 1,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
        ...(options.dkim ? { dkim: options.dkim } : {}),
      })
    : undefined;
  const repo = outboxRepo(db);
  const pacer = mailPacer(db, options.bulkPerMinute ?? 60);
  const bounces = bounceRecorder(db);
  let composer: Composer | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  /** The wake-up for the next bulk slot, while bulk mail waits. */
  let paced: NodeJS.Timeout | undefined;
  let nextBulkInMs: number | undefined;
  const newMessageId = () => `<${randomUUID()}@${options.messageIdHost}>`;

  async function sendClaimed(
    message: Awaited<ReturnType<typeof repo.claimNext>> & object,
    leaseUntil: string,
    from: string,
  ): Promise<void> {
    let content: Composed = {
      subject: message.subject,
      text: message.text_body,
      html: message.html_body,
      headers: message.headers ? (JSON.parse(message.headers) as Record<string, string>) : {},
    };
    if (message.newsletter_id) {
      if (!composer) throw new Error('No composer for newsletter messages');
      content = await composer({ newsletter_id: message.newsletter_id, to_address: message.to_address });
      if ('skip' in content) {
        await repo.markCancelled(message.id, leaseUntil, content.skip);
        return;
      }
    }
    try {
      await transport!.sendMail({
        from,
        to: message.to_address,
        subject: content.subject,
        text: content.text,
        html: content.html,
        attachments: readAttachments(message.attachments),
        messageId: message.message_id!,
        headers: { ...AUTO_SUBMITTED, ...content.headers },
      });
      const at = options.clock().toISOString();
      await repo.markSent(message.id, at);
      await bounces.delivered(message.to_address, at);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const at = options.clock().toISOString();
      const refusal = classifyRefusal(error);
      const suppressed = refusal === 'not-the-recipient' ? false : await bounces.refused(message.to_address, refusal, reason, at);
      if (refusal === 'permanent' || (suppressed && message.bulk === 1)) {
        // Refused for good (decision 123): no retry; bulk mail to the address stops.
        options.log.warn({ outboxId: message.id, reason }, 'E-mail refused by the receiving server; not retried');
        await repo.markBounced(message.id, leaseUntil, reason);
        return;
      }
      const retryAt = new Date(options.clock().getTime() + MAIL_DELIVERY.retryDelayMs(message.attempts)).toISOString();
      options.log.warn({ outboxId: message.id, reason, attempts: message.attempts }, 'E-mail delivery failed; it will be retried');
      await repo.markFailed(message.id, leaseUntil, reason, retryAt);
    }
  }

  /**
   * The next bulk message, if the pace allows one now (decision 121). When it does not, the
   * time until it does is kept, and the background loop wakes then.
   */
  async function claimBulk(leaseUntil: string) {
    const now = options.clock();
    if (!(await repo.hasDue(MAIL_DELIVERY.maxAttempts, now.toISOString(), true))) return undefined;
    const slot = await pacer.take(now);
    if (slot !== true) {
      nextBulkInMs = slot;
      return undefined;
    }
    return repo.claimNext(MAIL_DELIVERY.maxAttempts, now.toISOString(), leaseUntil, newMessageId(), true);
  }

  /** One delivery run: claims and sends due messages one at a time until none is left. */
  async function deliver(): Promise<number> {
    if (!transport) return 0;
    const now = () => options.clock().toISOString();
    await repo.abandonLapsed(MAIL_DELIVERY.maxAttempts, now());
    const from = await options.from();
    let sent = 0;
    nextBulkInMs = undefined;
    for (;;) {
      const leaseUntil = new Date(options.clock().getTime() + MAIL_DELIVERY.leaseMs).toISOString();
      // The site's own mail (receipts, resets) first: a newsletter never holds it up.
      const message =
        (await repo.claimNext(MAIL_DELIVERY.maxAttempts, now(), leaseUntil, newMessageId(), false)) ?? (await claimBulk(leaseUntil));
      if (!message) return sent;
      await sendClaimed(message, leaseUntil, from);
      sent++;
    }
  }

  /** Runs deliveries one after another in this process; a request for more during a run adds one more run. */
  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await deliver();
        } catch (error) {
          options.log.error({ err: error }, 'mail delivery failed');
        }
      } while (again);
      // Bulk mail waits for its next slot: wake then, not at the next poll.
      if (nextBulkInMs !== undefined && timer && !paced) {
        paced = setTimeout(() => {
          paced = undefined;
          void kick();
        }, nextBulkInMs);
        paced.unref();
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const mailer = {
    smtp: Boolean(transport),

    /** Records a message; pass the transaction to make it part of the caller's change. Answers its outbox id. */
    async queue(message: MailMessage, trx: Kysely<Database> = db): Promise<number> {
      const id = await outboxRepo(trx).insert({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        kind: message.kind,
        status: transport ? 'queued' : 'kept',
        last_error: null,
        created_at: options.clock().toISOString(),
        sent_at: null,
        message_id: newMessageId(),
        lease_until: null,
        next_attempt_at: null,
        attachments: storedAttachments(message.attachments),
        unique_key: message.uniqueKey ?? null,
        bulk: message.bulk ? 1 : 0,
        headers: message.headers ? JSON.stringify(message.headers) : null,
        newsletter_id: message.newsletterId ?? null,
        not_before: message.notBefore ?? null,
      });
      if (!transport) {
        // Never the text: a reset link in a log would let whoever reads the log into the account.
        options.log.info(
          { to: message.to, subject: message.subject },
          'E-mail kept in the outbox (SMTP_URL is not set): the admin reads it under Admin, Outbox',
        );
      }
      return id;
    },

    /** One delivery run now (scheduled jobs, tests); safe beside other runs on any server. */
    deliver,

    /** The newsletters feature composes its messages when they are sent. */
    setComposer(next: Composer): void {
      composer = next;
    },

    pacer,

    /** Starts delivering in the background, without waiting: call after committing what queued mail. */
    deliverSoon(): void {
      if (transport) void kick();
    },

    /** Queues a message outside any transaction and starts its delivery, without waiting for SMTP. */
    async send(message: MailMessage): Promise<void> {
      await mailer.queue(message);
      mailer.deliverSoon();
    },

    /** Delivers in the background from now on: retries when due, and messages a crashed run left behind. */
    start(): void {
      if (!transport || timer) return;
      timer = setInterval(() => void kick(), MAIL_DELIVERY.pollMs);
      timer.unref();
      void kick();
    },

    /** Resolves once this process's delivery runs have finished. */
    async idle(): Promise<void> {
      while (running) await running;
    },

    recent: repo.recent,

    /** Stops the background loop and waits a little for a run in progress; a send cut off later is retried once its lease lapses. */
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      if (paced) clearTimeout(paced);
      timer = undefined;
      paced = undefined;
      await Promise.race([mailer.idle(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      transport?.close();
    },
  };
  return mailer;
}
export type Mailer = ReturnType<typeof createMailer>;
