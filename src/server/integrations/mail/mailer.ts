import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { ERASED } from '../../privacy/personal-data';
import { outboxRepo } from './outbox.repo';

/** A file sent with a mail (an event's .ics, a certificate). */
export type MailAttachment = { filename: string; contentType: string; content: string | Buffer };

/** The message sent in place of one whose link expired before it could be delivered. */
export type MailReplacement = { subject: string; text: string; html: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  attachments?: MailAttachment[];
  /**
   * For a message whose link stops working (a password reset, an e-mail change): not sent after
   * this instant, however long the mail server was away. `onExpiry` goes instead, telling the
   * person to ask again; without it nothing is sent (decision 097).
   */
  expiresAt?: string;
  onExpiry?: MailReplacement;
  /** Not sent before this instant (invitations leave at a steady rate). */
  notBefore?: string;
};

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
  /**
   * This server's name on its claims ("host:port", the same after a restart): at start it takes
   * back the claims it still held when it stopped, without waiting for their lease to lapse.
   */
  serverName: string;
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

type Claimed = NonNullable<Awaited<ReturnType<ReturnType<typeof outboxRepo>['claimNext']>>>;

/**
 * Every message is first written to the outbox table, inside the caller's transaction when it
 * has one, so a committed payment always has its receipt on record. With SMTP_URL the outbox is
 * delivered in the background, never while a request waits: a message is claimed with a lease
 * (status "sending") so overlapping runs, on one server or several, send it once; only a claim
 * whose lease has lapsed (its run crashed) is tried again, under the same Message-ID, so the
 * receiving side can recognise the repeat. Without SMTP_URL messages are kept for the admin.
 *
 * Stopping (decision 097): no new claim is made, the message in hand is finished, and a claim not
 * yet handed to the SMTP server is given back. A server that was killed takes its own claims back
 * when it starts again.
 */
export function createMailer(db: Kysely<Database>, options: MailerOptions) {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 })
    : undefined;
  const repo = outboxRepo(db);
  /** Every delivery run under way in this process (the loop's and direct ones), for idle() and close(). */
  const runs = new Set<Promise<unknown>>();
  let looping: Promise<void> | undefined;
  let again = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const newMessageId = () => `<${randomUUID()}@${options.messageIdHost}>`;
  const now = () => options.clock().toISOString();

  /**
   * The message as it should go now: itself, or, once its link has expired, what replaces it
   * (written to its row first, so the outbox shows what was really sent). Undefined: send nothing.
   */
  async function current(message: Claimed, leaseUntil: string): Promise<Claimed | undefined> {
    if (!message.expires_at || message.expires_at > now()) return message;
    const replacement = message.on_expiry ? (JSON.parse(message.on_expiry) as MailReplacement) : undefined;
    if (replacement && (await repo.replaceExpired(message.id, leaseUntil, replacement))) {
      options.log.info({ outboxId: message.id }, 'A link expired before its e-mail could go: the person is told to ask again');
      return {
        ...message,
        subject: replacement.subject,
        text_body: replacement.text,
        html_body: replacement.html,
        attachments: null,
        expires_at: null,
        on_expiry: null,
      };
    }
    options.log.info({ outboxId: message.id }, 'A link expired before its e-mail could go: not sent');
    await repo.dropExpired(message.id, leaseUntil, MAIL_DELIVERY.maxAttempts);
    return undefined;
  }

  /** Hands one claimed message to the SMTP server and records the outcome under the claim. */
  async function sendClaimed(message: Claimed, leaseUntil: string, from: string): Promise<void> {
    try {
      await transport!.sendMail({
        from,
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        attachments: readAttachments(message.attachments),
        messageId: message.message_id!,
      });
      await repo.markSent(message.id, now());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = new Date(options.clock().getTime() + MAIL_DELIVERY.retryDelayMs(message.attempts)).toISOString();
      options.log.warn({ outboxId: message.id, reason, attempts: message.attempts }, 'E-mail delivery failed; it will be retried');
      await repo.markFailed(message.id, leaseUntil, reason, retryAt);
    }
  }

  /** The next due message, claimed for this run; none once the server is stopping. */
  async function claimNext(): Promise<{ message: Claimed; leaseUntil: string } | undefined> {
    if (stopping) return undefined;
    const leaseUntil = new Date(options.clock().getTime() + MAIL_DELIVERY.leaseMs).toISOString();
    const message = await repo.claimNext(MAIL_DELIVERY.maxAttempts, now(), leaseUntil, newMessageId(), options.serverName);
    if (!message) return undefined;
    if (stopping) {
      // Claimed as the stop began, not handed over: given back, due at once for whoever runs next.
      await repo.release(message.id, leaseUntil);
      return undefined;
    }
    return { message, leaseUntil };
  }

  /** One delivery run: claims and sends due messages one at a time until none is left or the server stops. */
  async function deliverNow(): Promise<number> {
    if (!transport || stopping) return 0;
    await repo.abandonLapsed(MAIL_DELIVERY.maxAttempts, now());
    const from = await options.from();
    let sent = 0;
    for (let next = await claimNext(); next; next = await claimNext()) {
      const message = await current(next.message, next.leaseUntil);
      if (!message) continue;
      await sendClaimed(message, next.leaseUntil, from);
      sent++;
    }
    return sent;
  }

  function tracked<T>(run: Promise<T>): Promise<T> {
    runs.add(run);
    void run.finally(() => runs.delete(run)).catch(() => undefined);
    return run;
  }

  function deliver(): Promise<number> {
    return tracked(deliverNow());
  }

  /** Runs deliveries one after another in this process; a request for more during a run adds one more run. */
  function kick(): Promise<void> {
    if (stopping) return Promise.resolve();
    if (looping) {
      again = true;
      return looping;
    }
    looping = tracked(
      (async () => {
        do {
          again = false;
          try {
            await deliverNow();
          } catch (error) {
            options.log.error({ err: error }, 'mail delivery failed');
          }
        } while (again && !stopping);
      })().finally(() => {
        looping = undefined;
      }),
    );
    return looping;
  }

  const mailer = {
    smtp: Boolean(transport),

    /** Records a message; pass the transaction to make it part of the caller's change. Answers its outbox id (0: none queued). */
    async queue(message: MailMessage, trx: Kysely<Database> = db): Promise<number> {
      // A net under every sender: an erased person's address is no address (decision 099).
      if (message.to === ERASED) {
        options.log.warn({ kind: message.kind }, 'Mail to an erased person was not queued');
        return 0;
      }
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
        claimed_by: null,
        expires_at: message.expiresAt ?? null,
        on_expiry: message.onExpiry ? JSON.stringify(message.onExpiry) : null,
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

    /** Starts delivering in the background, without waiting: call after committing what queued mail. */
    deliverSoon(): void {
      if (transport) void kick();
    },

    /** Queues a message outside any transaction and starts its delivery, without waiting for SMTP. */
    async send(message: MailMessage): Promise<void> {
      await mailer.queue(message);
      mailer.deliverSoon();
    },

    /**
     * Delivers in the background from now on: retries when due, and messages a crashed run left
     * behind. First takes back this server's own claims from before it stopped: call it before the
     * server takes requests (main.ts), when no claim of this process can exist yet.
     */
    async start(): Promise<void> {
      if (!transport || timer) return;
      const released = await repo.releaseOwn(options.serverName);
      if (released) options.log.info({ released }, 'E-mail claimed before the last stop is due again');
      timer = setInterval(() => void kick(), MAIL_DELIVERY.pollMs);
      timer.unref();
      void kick();
    },

    /** Resolves once this process's delivery runs have finished. */
    async idle(): Promise<void> {
      while (runs.size) await Promise.allSettled([...runs]);
    },

    recent: repo.recent,

    /**
     * Stops delivering: no new claim, the message in hand is finished (its send is never cut
     * off: that left it "sending" and sent it twice), and a claim not yet handed over is given
     * back. The stop's own grace period (main.ts) bounds the wait; a server killed then takes its
     * claim back when it starts again.
     */
    async close(): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await mailer.idle();
      transport?.close();
    },
  };
  return mailer;
}
export type Mailer = ReturnType<typeof createMailer>;
