import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { ERASED } from '../../privacy/personal-data';
import { bounceRecorder, classifyRefusal } from './bounces';
import { mailPacer } from './mail-pacer';
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
  /**
   * This server's name on its claims ("host:port", the same after a restart): at start it takes
   * back the claims it still held when it stopped, without waiting for their lease to lapse.
   */
  serverName: string;
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

type Claimed = NonNullable<Awaited<ReturnType<ReturnType<typeof outboxRepo>['claimNext']>>>;
type Claim = { message: Claimed; leaseUntil: string };
/** What goes to the SMTP server for a claimed message. */
type Outgoing = { subject: string; text: string; html: string; headers: Record<string, string>; attachments: string | null };

/**
 * Every message is first written to the outbox table, inside the caller's transaction when it
 * has one, so a committed payment always has its receipt on record. With SMTP_URL the outbox is
 * delivered in the background, never while a request waits: a message is claimed with a lease
 * (status "sending") so overlapping runs, on one server or several, send it once; only a claim
 * whose lease has lapsed (its run crashed) is tried again, under the same Message-ID, so the
 * receiving side can recognise the repeat. Without SMTP_URL messages are kept for the admin.
 *
 * Bulk mail (newsletters) is claimed only when nothing of the site's own is due, at the pace one
 * shared row sets for every server (decision 121); a refusal for good marks a message bounced and
 * suppresses the address for bulk mail (decision 123).
 *
 * Stopping (decision 097): no new claim is made, the message in hand is finished, and a claim not
 * yet handed to the SMTP server is given back. A server that was killed takes its own claims back
 * when it starts again.
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
  /** Every delivery run under way in this process (the loop's and direct ones), for idle() and close(). */
  const runs = new Set<Promise<unknown>>();
  let looping: Promise<void> | undefined;
  let again = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  /** The wake-up for the next bulk slot, while bulk mail waits. */
  let paced: NodeJS.Timeout | undefined;
  const newMessageId = () => `<${randomUUID()}@${options.messageIdHost}>`;
  const now = () => options.clock().toISOString();

  /**
   * What the claimed message should be now, or undefined to send nothing. Once its link has
   * expired: what replaces it (written to its row first, so the outbox shows what was really
   * sent), else nothing (decision 097). A newsletter's message is composed from the newsletter
   * now, and cancelled if its reader may no longer receive it (decision 120).
   */
  async function current({ message, leaseUntil }: Claim): Promise<Outgoing | undefined> {
    const stored: Outgoing = {
      subject: message.subject,
      text: message.text_body,
      html: message.html_body,
      headers: message.headers ? (JSON.parse(message.headers) as Record<string, string>) : {},
      attachments: message.attachments,
    };
    if (message.expires_at && message.expires_at <= now()) {
      const replacement = message.on_expiry ? (JSON.parse(message.on_expiry) as MailReplacement) : undefined;
      if (replacement && (await repo.replaceExpired(message.id, leaseUntil, replacement))) {
        options.log.info({ outboxId: message.id }, 'A link expired before its e-mail could go: the person is told to ask again');
        return { ...stored, subject: replacement.subject, text: replacement.text, html: replacement.html, attachments: null };
      }
      options.log.info({ outboxId: message.id }, 'A link expired before its e-mail could go: not sent');
      await repo.dropExpired(message.id, leaseUntil, MAIL_DELIVERY.maxAttempts);
      return undefined;
    }
    if (!message.newsletter_id) return stored;
    if (!composer) throw new Error('No composer for newsletter messages');
    const composed = await composer({ newsletter_id: message.newsletter_id, to_address: message.to_address });
    if ('skip' in composed) {
      await repo.markCancelled(message.id, leaseUntil, composed.skip);
      return undefined;
    }
    return { ...composed, attachments: null };
  }

  /**
   * Hands one claimed message to the SMTP server and records the outcome under the claim: sent;
   * refused for good (or the address now suppressed, for bulk mail), bounced and never retried
   * (decision 123); otherwise failed, to be retried after a wait.
   */
  async function sendClaimed({ message, leaseUntil }: Claim, content: Outgoing, from: string): Promise<void> {
    try {
      await transport!.sendMail({
        from,
        to: message.to_address,
        subject: content.subject,
        text: content.text,
        html: content.html,
        attachments: readAttachments(content.attachments),
        messageId: message.message_id!,
        headers: { ...AUTO_SUBMITTED, ...content.headers },
      });
      const at = now();
      await repo.markSent(message.id, at);
      await bounces.delivered(message.to_address, at);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const refusal = classifyRefusal(error);
      const suppressed = refusal === 'not-the-recipient' ? false : await bounces.refused(message.to_address, refusal, reason, now());
      if (refusal === 'permanent' || (suppressed && message.bulk === 1)) {
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
   * The next due message, claimed for this run: the site's own mail (receipts, resets) first, so
   * a newsletter never holds it up; then bulk mail if the shared pace allows one now, else the
   * milliseconds until it does (decision 121). None once the server is stopping; a claim made as
   * the stop began is given back, due at once for whoever runs next.
   */
  async function claimNext(): Promise<Claim | { bulkInMs: number } | undefined> {
    if (stopping) return undefined;
    const at = options.clock();
    const leaseUntil = new Date(at.getTime() + MAIL_DELIVERY.leaseMs).toISOString();
    const claim = (bulk: boolean) =>
      repo.claimNext(MAIL_DELIVERY.maxAttempts, at.toISOString(), leaseUntil, newMessageId(), options.serverName, bulk);
    let message = await claim(false);
    if (!message) {
      if (!(await repo.hasDue(MAIL_DELIVERY.maxAttempts, at.toISOString(), true))) return undefined;
      const slot = await pacer.take(at);
      if (slot !== true) return { bulkInMs: slot };
      message = await claim(true);
      if (!message) return undefined;
    }
    if (stopping) {
      await repo.release(message.id, leaseUntil);
      return undefined;
    }
    return { message, leaseUntil };
  }

  /**
   * One delivery run: claims and sends due messages one at a time until none is left (or bulk
   * mail must wait for its pace) or the server stops. Answers how many went, and when bulk mail
   * waits, how long until its next slot.
   */
  async function run(): Promise<{ sent: number; bulkInMs?: number }> {
    if (!transport || stopping) return { sent: 0 };
    await repo.abandonLapsed(MAIL_DELIVERY.maxAttempts, now());
    const from = await options.from();
    let sent = 0;
    for (let next = await claimNext(); next; next = await claimNext()) {
      if ('bulkInMs' in next) return { sent, bulkInMs: next.bulkInMs };
      const content = await current(next);
      if (!content) continue;
      await sendClaimed(next, content, from);
      sent++;
    }
    return { sent };
  }

  function tracked<T>(promise: Promise<T>): Promise<T> {
    runs.add(promise);
    void promise.finally(() => runs.delete(promise)).catch(() => undefined);
    return promise;
  }

  function deliver(): Promise<number> {
    return tracked(run()).then((result) => result.sent);
  }

  /** Bulk mail waits for its next slot: the loop wakes then, not at the next poll. */
  function wakeForBulk(inMs: number): void {
    if (!timer || paced || stopping) return;
    paced = setTimeout(() => {
      paced = undefined;
      void kick();
    }, inMs);
    paced.unref();
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
        let bulkInMs: number | undefined;
        do {
          again = false;
          try {
            ({ bulkInMs } = await run());
          } catch (error) {
            bulkInMs = undefined;
            options.log.error({ err: error }, 'mail delivery failed');
          }
        } while (again && !stopping);
        if (bulkInMs !== undefined) wakeForBulk(bulkInMs);
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
        unique_key: message.uniqueKey ?? null,
        bulk: message.bulk ? 1 : 0,
        headers: message.headers ? JSON.stringify(message.headers) : null,
        newsletter_id: message.newsletterId ?? null,
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
      if (paced) clearTimeout(paced);
      timer = undefined;
      paced = undefined;
      await mailer.idle();
      transport?.close();
    },
  };
  return mailer;
}
export type Mailer = ReturnType<typeof createMailer>;
