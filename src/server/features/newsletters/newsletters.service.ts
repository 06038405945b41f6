import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  Audience,
  AudiencePreview,
  createNewsletterRequest,
  ExclusionReason,
  listRequest,
  MailingList,
  NewsletterStatus,
  NewsletterSummary,
  NewsletterView,
  updateNewsletterRequest,
} from '../../../shared/api/newsletters';
import { audience as audienceSchema, hasContent, NEWSLETTER_EMPTY, NEWSLETTER_NOT_FOUND } from '../../../shared/api/newsletters';
import { makeBrief } from '../../../shared/domain/brief';
import { emailKey } from '../../../shared/domain/email';
import { plainText, type RawDocument } from '../../../shared/domain/richtext/document';
import { validateDocumentJson } from '../../../shared/domain/richtext/validate';
import { quoted, type AuditTrail } from '../../audit/audit-trail';
import type { Database, NewsletterRecipientsTable, OutboxTable, UnsubscribeTokensTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../http/errors';
import { MAIL_DELIVERY, type Composed, type Mailer } from '../../integrations/mail/mailer';
import { derivedToken, listTopic, mailLinks, tokenHash } from '../../privacy/mail-choices';
import { decide, segmentPeople, type Decision } from './audience';
import { renderNewsletter, type NewsletterMailContext } from './newsletter-mail';
import { newslettersRepo } from './newsletters.repo';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { Language } from '../../../shared/domain/language';
import { wordsFor, type MailContext } from '../../integrations/mail/template';

type Actor = { id: string; email: string };

export type NewslettersDeps = {
  db: Kysely<Database>;
  clock: () => Date;
  audit: AuditTrail;
  mailer: Mailer;
  /** The site's name, address, charity number and contact address, as the footer shows them. */
  mailContext: () => Promise<MailContext & { postalAddress: string; contactEmail: string }>;
  /** Signs the links of each recipient's copy (decision 122). */
  linkSecret: string;
  log: { error(obj: object, msg: string): void };
  /** Runs work the request does not wait for. */
  background: { run(label: string, work: () => Promise<unknown>): void };
};

/** Recipients written per transaction: short, so requests go on between batches (decision 121). */
export const QUEUE_BATCH = 250;
/** How long the queueing work's claim lasts before another server takes it over. */
export const QUEUE_LEASE_MS = 2 * 60 * 1000;
const EXCLUDED_SHOWN = 100;

const isoLater = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

function documentOf(content: string): RawDocument {
  const result = validateDocumentJson(content);
  if (!result.ok) throw badRequest(result.error);
  return result.document;
}

/**
 * Newsletters: drafts, the audience and its count, the test, sending now or later, cancelling,
 * and the work that turns a newsletter into one outbox message per recipient (decisions 120-121).
 */
export function newslettersService(deps: NewslettersDeps) {
  const { db, clock, audit, mailer, mailContext, linkSecret } = deps;
  const repo = newslettersRepo(db);

  async function listOr404(id: string) {
    const list = await repo.list(id);
    if (!list) throw notFound('No such list');
    return list;
  }

  async function newsletterOr404(id: string) {
    const newsletter = await repo.find(id);
    if (!newsletter) throw notFound(NEWSLETTER_NOT_FOUND);
    return newsletter;
  }

  async function decisions(listId: string, audience: Audience): Promise<Decision[]> {
    const list = await listOr404(listId);
    return decide(db, await segmentPeople(db, audience, clock()), list);
  }

  async function toMailingList(list: { id: string; name: string; description: string; auto_subscribe: number }): Promise<MailingList> {
    const counts = await repo.subscriberCounts();
    return {
      _id: list.id,
      name: list.name,
      description: list.description,
      auto_subscribe: list.auto_subscribe === 1,
      subscribers: counts.get(listTopic(list.id)) ?? 0,
    };
  }

  /** Drafts end up sent once every message is: the state follows the outbox. */
  async function settle(id: string): Promise<void> {
    const newsletter = await repo.find(id);
    if (newsletter?.status !== 'sending') return;
    if ((await repo.unfinished(id, MAIL_DELIVERY.maxAttempts)) > 0) return;
    await repo.changeIf(id, ['sending'], { status: 'sent', finished_at: clock().toISOString(), updated_at: clock().toISOString() });
  }

  async function view(id: string): Promise<NewsletterView> {
    await settle(id);
    const n = await newsletterOr404(id);
    const list = await listOr404(n.list_id);
    const [outbox, excluded, failures] = await Promise.all([repo.outboxCounts(id), repo.excludedCounts(id), repo.failures(id)]);
    const total = Object.values(outbox).reduce((sum, count) => sum + count, 0);
    return {
      _id: n.id,
      subject: n.subject,
      status: n.status,
      list: { _id: list.id, name: list.name },
      created_at: n.created_at,
      scheduled_at: n.scheduled_at,
      started_at: n.started_at,
      finished_at: n.finished_at,
      recipients: n.recipients,
      content: n.content,
      article_id: n.article_id,
      audience: audienceSchema.parse(JSON.parse(n.audience)),
      cancelled_at: n.cancelled_at,
      test_sent_at: n.test_sent_at,
      counts: {
        recipients: total,
        waiting: (outbox.queued ?? 0) + (outbox.sending ?? 0) + (outbox.failed ?? 0),
        sent: outbox.sent ?? 0,
        failed: (outbox.bounced ?? 0) + (n.status === 'sent' ? (outbox.failed ?? 0) : 0),
        cancelled: outbox.cancelled ?? 0,
        excluded: Object.values(excluded).reduce((sum, count) => sum + count, 0),
        excluded_by: {
          no_consent: excluded.no_consent ?? 0,
          unsubscribed: excluded.unsubscribed ?? 0,
          suppressed: excluded.suppressed ?? 0,
        },
      },
      failures: failures.map((f) => ({ email: f.to_address, status: f.status, error: f.last_error })),
    };
  }

  async function context(listName: string): Promise<NewsletterMailContext & { contactEmail: string }> {
    const ctx = await mailContext();
    return { ...ctx, listName };
  }

  /**
   * Turns a newsletter into one message per recipient, a batch per short transaction, under a
   * claim another server takes over if this one dies; consent is decided now, per recipient.
   * A batch commits only while the newsletter is still being queued under this claim, so a
   * cancel (or a takeover) stops it between batches, and a resumed run skips who is written.
   */
  async function queueWork(id: string): Promise<void> {
    const now = clock();
    const lease = isoLater(now, QUEUE_LEASE_MS);
    const claimed = await db
      .updateTable('newsletters')
      .set({ lease_until: lease })
      .where('id', '=', id)
      .where('status', '=', 'queueing')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const newsletter = (await repo.find(id))!;
    const audience = audienceSchema.parse(JSON.parse(newsletter.audience));
    const everyone = await decisions(newsletter.list_id, audience);
    const written = await repo.recordedKeys(id);
    const todo = everyone.filter((d) => !written.has(d.person.key));
    // Without SMTP the messages are kept for the admin to read and forward: written whole, now.
    const kept = mailer.smtp ? null : await keptCopy(newsletter);
    let held = lease;
    for (let start = 0; start < todo.length; start += QUEUE_BATCH) {
      const batch = todo.slice(start, start + QUEUE_BATCH);
      const at = clock().toISOString();
      const recipients: Insertable<NewsletterRecipientsTable>[] = [];
      const messages: Insertable<OutboxTable>[] = [];
      const tokens: Insertable<UnsubscribeTokensTable>[] = [];
      // Each kept copy's frame in its reader's language (decision 191).
      const languages = kept ? await repo.languagesOf(batch.map((d) => d.person.key)) : new Map<string, Language>();
      for (const { person, reason } of batch) {
        recipients.push({
          newsletter_id: id,
          email_key: person.key,
          email: person.email,
          name: person.name,
          status: reason ? 'excluded' : 'queued',
          reason,
          outbox_id: null,
          at,
        });
        if (reason) continue;
        tokens.push({
          token_hash: tokenHash(derivedToken(linkSecret, id, person.email)),
          email_key: person.key,
          topic: listTopic(newsletter.list_id),
          created_at: at,
          used_at: null,
        });
        const copy = kept?.(person.email, languages.get(person.key) ?? 'en');
        messages.push({
          to_address: person.email,
          subject: newsletter.subject,
          // Composed when sent, from the newsletter frozen now (decision 121).
          text_body: copy?.text ?? '',
          html_body: copy?.html ?? '',
          kind: 'newsletter',
          status: mailer.smtp ? 'queued' : 'kept',
          last_error: null,
          created_at: at,
          sent_at: null,
          message_id: `<${randomUUID()}@newsletter>`,
          lease_until: null,
          next_attempt_at: null,
          attachments: null,
          unique_key: `newsletter:${id}:${person.key}`,
          bulk: 1,
          headers: copy ? JSON.stringify(copy.headers) : null,
          newsletter_id: id,
        });
      }
      const queued = messages.length;
      const next = isoLater(clock(), QUEUE_LEASE_MS);
      const committed = await db.transaction().execute(async (trx) => {
        // First: waits for a cancel under way, and commits nothing if the newsletter was cancelled or taken over.
        const still = await trx
          .updateTable('newsletters')
          .set((eb) => ({
            recipients: eb('recipients', '+', queued),
            excluded: eb('excluded', '+', batch.length - queued),
            lease_until: next,
          }))
          .where('id', '=', id)
          .where('status', '=', 'queueing')
          .where('lease_until', '=', held)
          .executeTakeFirst();
        if (Number(still.numUpdatedRows) !== 1) return false;
        await repo.writeBatch(trx, recipients, messages, tokens);
        return true;
      });
      if (!committed) return;
      held = next;
      mailer.deliverSoon();
      // Let requests waiting for the database go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await db
      .updateTable('newsletters')
      .set({ status: 'sending', queued_at: clock().toISOString(), lease_until: null, updated_at: clock().toISOString() })
      .where('id', '=', id)
      .where('status', '=', 'queueing')
      .where('lease_until', '=', held)
      .execute();
    mailer.deliverSoon();
    await settle(id);
  }

  /** Each recipient's whole copy, for messages kept in the outbox (no SMTP). */
  async function keptCopy(newsletter: { id: string; subject: string; content: string; list_id: string }) {
    const list = (await repo.list(newsletter.list_id))!;
    const ctx = await context(list.name);
    const document = documentOf(newsletter.content);
    return (email: string, language: Language) => {
      const links = mailLinks(ctx.publicUrl, derivedToken(linkSecret, newsletter.id, email), ctx.contactEmail || null, language);
      const body = renderNewsletter(
        newsletter.subject,
        document,
        ctx,
        {
          webVersion: pageUrl(ctx.publicUrl, 'newsletter', { newsletterId: newsletter.id }, language),
          preferences: links.preferences,
        },
        wordsFor(ctx, language),
      );
      return { ...body, headers: { ...links.headers, Precedence: 'bulk' } };
    };
  }

  /** Runs the queueing in the background; a failure is logged and the next minute's run takes it up again. */
  function startQueueing(id: string): void {
    deps.background.run('newsletter queueing', () => queueWork(id));
  }

  /**
   * A newsletter's message for one recipient as it goes out, decided again now: nothing goes to
   * someone who unsubscribed or was suppressed since it was queued, nor for a cancelled newsletter.
   */
  async function compose(message: { newsletter_id: string; to_address: string }): Promise<Composed> {
    const newsletter = await repo.find(message.newsletter_id);
    if (!newsletter || newsletter.status === 'cancelled') return { skip: 'The newsletter was cancelled' };
    const list = await repo.list(newsletter.list_id);
    if (!list) return { skip: 'The list no longer exists' };
    const [choice] = await decide(
      db,
      new Map([[emailKey(message.to_address), { email: message.to_address, key: emailKey(message.to_address), name: null, userId: null }]]),
      list,
    );
    if (choice?.reason)
      return { skip: choice.reason === 'unsubscribed' ? 'Unsubscribed before it was sent' : 'No consent when it was sent' };
    const ctx = await context(list.name);
    // The frame in the reader's language as it is now (decision 191); the article as written.
    const language = (await repo.languagesOf([emailKey(message.to_address)])).get(emailKey(message.to_address)) ?? 'en';
    const token = derivedToken(linkSecret, newsletter.id, message.to_address);
    const links = mailLinks(ctx.publicUrl, token, ctx.contactEmail || null, language);
    const body = renderNewsletter(
      newsletter.subject,
      documentOf(newsletter.content),
      ctx,
      {
        webVersion: pageUrl(ctx.publicUrl, 'newsletter', { newsletterId: newsletter.id }, language),
        preferences: links.preferences,
      },
      wordsFor(ctx, language),
    );
    return { subject: newsletter.subject, ...body, headers: { ...links.headers, Precedence: 'bulk' } };
  }
  mailer.setComposer(compose);

  return {
    async lists(): Promise<MailingList[]> {
      return Promise.all((await repo.lists()).map(toMailingList));
    },

    async createList(request: z.output<typeof listRequest>, actor: Actor): Promise<MailingList> {
      const id = randomUUID();
      const row = {
        id,
        name: request.name,
        name_key: request.name.toLowerCase(),
        description: request.description,
        auto_subscribe: request.auto_subscribe ? 1 : 0,
        created_at: clock().toISOString(),
      };
      try {
        await audit.change(
          actor,
          (trx) => trx.insertInto('mailing_lists').values(row).execute(),
          () => ({ kind: 'newsletter', action: 'created', subject_id: id, summary: `Created the mailing list ${quoted(request.name)}` }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('A list of that name exists');
        throw error;
      }
      return toMailingList(row);
    },

    async updateList(id: string, request: z.output<typeof listRequest>, actor: Actor): Promise<MailingList> {
      const list = await listOr404(id);
      try {
        await audit.change(
          actor,
          (trx) =>
            trx
              .updateTable('mailing_lists')
              .set({
                name: request.name,
                name_key: request.name.toLowerCase(),
                description: request.description,
                auto_subscribe: request.auto_subscribe ? 1 : 0,
              })
              .where('id', '=', id)
              .execute(),
          () => ({ kind: 'newsletter', action: 'updated', subject_id: id, summary: `Changed the mailing list ${quoted(list.name)}` }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('A list of that name exists');
        throw error;
      }
      return toMailingList((await repo.list(id))!);
    },

    async suppressions() {
      return (await repo.suppressions()).map((s) => ({
        email: s.email,
        reason: s.reason ?? '',
        last_error: s.last_error,
        suppressed_at: s.suppressed_at!,
      }));
    },

    async lift(email: string, actor: Actor): Promise<{ lifted: boolean }> {
      const key = emailKey(email);
      const lifted = await audit.change(
        actor,
        async (trx) => {
          const done = await trx
            .updateTable('mail_suppressions')
            .set({
              suppressed_at: null,
              temporary_failures: 0,
              lifted_at: clock().toISOString(),
              lifted_by: actor.id,
              updated_at: clock().toISOString(),
            })
            .where('email_key', '=', key)
            .where('suppressed_at', 'is not', null)
            .executeTakeFirst();
          if (Number(done.numUpdatedRows) !== 1) throw notFound('That address is not suppressed');
          return true;
        },
        () => ({ kind: 'newsletter', action: 'changed', subject_id: null, summary: `Lifted the suppression of ${email}` }),
      );
      return { lifted };
    },

    async preview(listId: string, audience: Audience): Promise<AudiencePreview> {
      const all = await decisions(listId, audience);
      const excluded = all.filter((d) => d.reason !== null);
      const count = (reason: ExclusionReason) => excluded.filter((d) => d.reason === reason).length;
      return {
        recipients: all.length - excluded.length,
        excluded: { no_consent: count('no_consent'), unsubscribed: count('unsubscribed'), suppressed: count('suppressed') },
        excluded_people: excluded.slice(0, EXCLUDED_SHOWN).map((d) => ({ email: d.person.email, name: d.person.name, reason: d.reason! })),
      };
    },

    async list(): Promise<NewsletterSummary[]> {
      const rows = await repo.all();
      for (const row of rows) if (row.status === 'sending') await settle(row.id);
      return (await repo.all()).map((n) => ({
        _id: n.id,
        subject: n.subject,
        status: n.status,
        list: { _id: n.list_id, name: n.list_name },
        created_at: n.created_at,
        scheduled_at: n.scheduled_at,
        started_at: n.started_at,
        finished_at: n.finished_at,
        recipients: n.recipients,
      }));
    },

    view,

    async create(request: z.output<typeof createNewsletterRequest>, actor: Actor): Promise<{ _id: string }> {
      await listOr404(request.list);
      if (request.audience.kind === 'event') await segmentPeople(db, request.audience, clock());
      let { subject, content } = request;
      if (request.article_id) {
        const article = await db
          .selectFrom('articles')
          .select(['title', 'content'])
          .where('id', '=', request.article_id)
          .executeTakeFirst();
        if (!article) throw notFound('Article not found');
        subject ??= article.title.slice(0, 150);
        content ??= article.content;
        if (!content || !hasContent(documentOf(content))) throw badRequest(NEWSLETTER_EMPTY);
      }
      const id = randomUUID();
      const at = clock().toISOString();
      await audit.change(
        actor,
        (trx) =>
          trx
            .insertInto('newsletters')
            .values({
              id,
              subject: subject!,
              content: content!,
              article_id: request.article_id ?? null,
              list_id: request.list,
              audience: JSON.stringify(request.audience),
              status: 'draft',
              scheduled_at: null,
              started_at: null,
              queued_at: null,
              finished_at: null,
              cancelled_at: null,
              test_sent_at: null,
              html_body: null,
              text_body: null,
              lease_until: null,
              created_at: at,
              updated_at: at,
              created_by: actor.id,
              sent_by: null,
            })
            .execute(),
        () => ({ kind: 'newsletter', action: 'created', subject_id: id, summary: `Wrote the newsletter ${quoted(subject!)}` }),
      );
      return { _id: id };
    },

    async update(id: string, request: z.output<typeof updateNewsletterRequest>, actor: Actor): Promise<NewsletterView> {
      await newsletterOr404(id);
      await listOr404(request.list);
      if (request.audience.kind === 'event') await segmentPeople(db, request.audience, clock());
      await audit.change(
        actor,
        async (trx) => {
          const done = await trx
            .updateTable('newsletters')
            .set({
              subject: request.subject,
              content: request.content,
              list_id: request.list,
              audience: JSON.stringify(request.audience),
              updated_at: clock().toISOString(),
            })
            .where('id', '=', id)
            .where('status', 'in', ['draft', 'scheduled'])
            .executeTakeFirst();
          if (Number(done.numUpdatedRows) !== 1) throw conflict('Sending has begun: the newsletter can no longer be changed');
        },
        () => ({ kind: 'newsletter', action: 'updated', subject_id: id, summary: `Changed the newsletter ${quoted(request.subject)}` }),
      );
      return view(id);
    },

    /** The writer's own copy, marked as a test; their links work as anyone's would. */
    async test(id: string, actor: Actor): Promise<{ sent_to: string }> {
      const newsletter = await newsletterOr404(id);
      const list = await listOr404(newsletter.list_id);
      const ctx = await context(list.name);
      const language = (await repo.languagesOf([emailKey(actor.email)])).get(emailKey(actor.email)) ?? 'en';
      const token = derivedToken(linkSecret, `test:${id}`, actor.email);
      const links = mailLinks(ctx.publicUrl, token, ctx.contactEmail || null, language);
      const subject = `[Test] ${newsletter.subject}`;
      const body = renderNewsletter(
        newsletter.subject,
        documentOf(newsletter.content),
        ctx,
        {
          webVersion: pageUrl(ctx.publicUrl, 'newsletter', { newsletterId: id }, language),
          preferences: links.preferences,
        },
        wordsFor(ctx, language),
      );
      const at = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('unsubscribe_tokens')
          .values({
            token_hash: tokenHash(token),
            email_key: emailKey(actor.email),
            topic: listTopic(list.id),
            created_at: at,
            used_at: null,
          })
          .onConflict((oc) => oc.column('token_hash').doNothing())
          .execute();
        await mailer.queue(
          { to: actor.email, subject, kind: 'newsletter-test', ...body, headers: { ...links.headers, Precedence: 'bulk' } },
          trx,
        );
        await trx.updateTable('newsletters').set({ test_sent_at: at }).where('id', '=', id).execute();
      });
      mailer.deliverSoon();
      return { sent_to: actor.email };
    },

    /** Now, or scheduled for a later time; the queueing itself runs in the background. */
    async send(id: string, at: string | undefined, actor: Actor): Promise<NewsletterView> {
      const newsletter = await newsletterOr404(id);
      const now = clock();
      if (!hasContent(documentOf(newsletter.content))) throw badRequest(NEWSLETTER_EMPTY);
      const when = at ? new Date(at) : null;
      if (when && when.getTime() <= now.getTime()) throw badRequest('Choose a time in the future, or send it now');
      if (when && when.getTime() > now.getTime() + 366 * 24 * 60 * 60 * 1000) throw badRequest('Choose a time within a year');
      if (newsletter.status !== 'draft' && !(newsletter.status === 'scheduled' && when))
        throw conflict(
          newsletter.status === 'scheduled'
            ? 'It is already scheduled: cancel it first to send it now'
            : 'This newsletter has been sent already',
        );
      const preview = await decisions(newsletter.list_id, audienceSchema.parse(JSON.parse(newsletter.audience)));
      if (!preview.some((d) => d.reason === null)) throw conflict('Nobody in this audience may receive it: no recipient left');
      const changes = when
        ? { status: 'scheduled' as NewsletterStatus, scheduled_at: when.toISOString() }
        : { status: 'queueing' as NewsletterStatus, started_at: now.toISOString(), scheduled_at: null };
      const changed = await audit.change(
        actor,
        (trx) =>
          newslettersRepo(trx).changeIf(id, ['draft', 'scheduled'], { ...changes, sent_by: actor.id, updated_at: now.toISOString() }),
        (done) =>
          done
            ? {
                kind: 'newsletter',
                action: 'mailed',
                subject_id: id,
                summary: when
                  ? `Scheduled the newsletter ${quoted(newsletter.subject)} for ${when.toISOString()}`
                  : `Started sending the newsletter ${quoted(newsletter.subject)}`,
              }
            : [],
      );
      if (!changed) throw conflict('This newsletter has been sent already');
      if (!when) startQueueing(id);
      return view(id);
    },

    async cancel(id: string, actor: Actor): Promise<NewsletterView> {
      const newsletter = await newsletterOr404(id);
      const done = await audit.change(
        actor,
        async (trx) => {
          const changed = await newslettersRepo(trx).changeIf(id, ['scheduled', 'queueing', 'sending'], {
            status: 'cancelled',
            cancelled_at: clock().toISOString(),
            lease_until: null,
            updated_at: clock().toISOString(),
          });
          if (changed) await newslettersRepo(trx).cancelWaiting(trx, id);
          return changed;
        },
        (changed) =>
          changed
            ? { kind: 'newsletter', action: 'cancelled', subject_id: id, summary: `Cancelled the newsletter ${quoted(newsletter.subject)}` }
            : [],
      );
      if (!done)
        throw conflict(newsletter.status === 'draft' ? 'This newsletter is not being sent' : 'This newsletter has been sent already');
      return view(id);
    },

    /** Every minute: scheduled newsletters whose time has come, queueing a crashed server left, and finished sends. */
    async runDue(): Promise<number> {
      const now = clock().toISOString();
      let started = 0;
      for (const due of await repo.due(now)) {
        if (due.status === 'sending') {
          await settle(due.id);
          continue;
        }
        if (
          due.status === 'scheduled' &&
          !(await repo.changeIf(due.id, ['scheduled'], { status: 'queueing', started_at: now, updated_at: now }))
        )
          continue;
        await queueWork(due.id);
        started++;
      }
      return started;
    },

    /** For tests and the bench: the queueing of one newsletter, now, in this process. */
    queueWork,

    /** How each server's mailer composes newsletter messages. */
    compose,

    async archive() {
      return (await repo.archive()).map((n) => ({
        _id: n.id,
        subject: n.subject,
        sent_at: n.started_at!,
        brief: makeBrief(plainText(documentOf(n.content))),
      }));
    },

    async archived(id: string) {
      const n = await repo.find(id);
      if (!n?.started_at || n.status === 'draft' || n.status === 'scheduled') throw notFound(NEWSLETTER_NOT_FOUND);
      return {
        _id: n.id,
        subject: n.subject,
        sent_at: n.started_at,
        brief: makeBrief(plainText(documentOf(n.content))),
        content: n.content,
      };
    },
  };
}
export type NewslettersService = ReturnType<typeof newslettersService>;
