import { HtmlValidate } from 'html-validate';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { startSmtpPeer } from '../../testing/smtp-peer';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMailer, MAIL_DELIVERY, type Mailer } from '../../integrations/mail/mailer';
import { outboxRepo } from '../../integrations/mail/outbox.repo';
import { addPerson, newsletterDocument } from './testing';

const PER_MINUTE = 600;
const INTERVAL = 60_000 / PER_MINUTE;

describe('newsletters over SMTP: once each, at the pace, bounces, the message, one click', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['userWithRole']>>;
  let news: string;
  const others: Mailer[] = [];

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({
      SMTP_URL: peer.url,
      MAIL_FROM: 'Association <office@example.org>',
      MAIL_BULK_PER_MINUTE: String(PER_MINUTE),
    });
    admin = await t.userWithRole('admin');
    news = (await call('GET', '/api/admin/newsletters/lists')).json<{ _id: string }[]>()[0]!._id;
    for (const [key, value] of [
      ['charity_number', '1234567'],
      ['postal_address', '12 Harley Street\nLondon W1G 9PF'],
      ['contact_email', 'office@example.org'],
    ])
      await call('POST', '/api/set_string', { key, value });
  });
  afterEach(() => {
    peer.received.length = 0;
  });
  afterAll(async () => {
    await Promise.all(others.map((m) => m.close()));
    await t.close();
    await peer.close();
  });

  function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
    return t.app.inject({ method, url, headers: { authorization: admin.authorization }, payload: payload as string | object | undefined });
  }

  /** Another server's mailer on the same database. */
  function otherServer(): Mailer {
    const mailer = createMailer(t.db.db, {
      smtpUrl: peer.url,
      from: async () => 'office@example.org',
      clock: () => t.clock.now,
      log: createLogger('silent'),
      messageIdHost: 'localhost',
      serverName: `other-${others.length}:8000`,
      bulkPerMinute: PER_MINUTE,
    });
    // Composed as the first server does (the same newsletters service, the same database).
    mailer.setComposer((m) => t.services.newsletters.compose(m));
    others.push(mailer);
    return mailer;
  }

  /** A newsletter to `count` new people named by the prefix (everyone else counts as already written). */
  async function sendTo(prefix: string, count: number, subject: string, emails: string[] = []): Promise<string> {
    const people = [...Array.from({ length: count }, (_, i) => `${prefix}${i}@example.org`), ...emails];
    for (const email of people) await addPerson(t, email, { tier: 0, renewed: '2026-06-01', news: true });
    const created = await call('POST', '/api/admin/newsletters', {
      subject,
      content: newsletterDocument(),
      list: news,
      audience: { kind: 'all_members' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json()._id as string;
    // Only these people: the others of earlier tests have had theirs.
    await t.db.db
      .insertInto('newsletter_recipients')
      .columns(['newsletter_id', 'email_key', 'email', 'name', 'status', 'reason', 'outbox_id', 'at'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([
            eb.val(id).as('newsletter_id'),
            'email_key',
            'email',
            eb.val(null).as('name'),
            eb.val('excluded').as('status'),
            eb.val('no_consent').as('reason'),
            eb.val(null).as('outbox_id'),
            eb.val(t.clock.now.toISOString()).as('at'),
          ])
          .where('email_key', 'not in', people)
          .where('tier_index', 'is not', null),
      )
      .execute();
    const sent = await call('POST', `/api/admin/newsletters/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    await t.services.background.idle();
    return id;
  }

  /** Delivery runs on each server, the clock moving one slot each round, until nothing is due. */
  async function drain(mailers: Mailer[], rounds = 1000) {
    for (let i = 0; i < rounds; i++) {
      await Promise.all(mailers.map((m) => m.deliver()));
      // A run the queueing started in the background may still be sending one.
      await Promise.all(mailers.map((m) => m.idle()));
      const due = await outboxRepo(t.db.db).hasDue(MAIL_DELIVERY.maxAttempts, t.clock.now.toISOString(), true);
      if (!due) return;
      t.clock.advance(INTERVAL);
    }
  }

  const received = (prefix: string) => peer.received.filter((m) => m.to[0]!.startsWith(prefix));

  it('sends each recipient one message, with two servers delivering and one dying mid-send and mid-queue', async () => {
    const id = await sendTo('once', 12, 'Exactly once');
    // A crash while queueing: the last four were never written; the claim has lapsed.
    const last = await t.db.db
      .selectFrom('outbox')
      .select(['id', 'to_address'])
      .where('newsletter_id', '=', id)
      .orderBy('id', 'desc')
      .limit(4)
      .execute();
    await t.db.db
      .deleteFrom('outbox')
      .where(
        'id',
        'in',
        last.map((m) => m.id),
      )
      .execute();
    await t.db.db
      .deleteFrom('newsletter_recipients')
      .where('newsletter_id', '=', id)
      .where(
        'email',
        'in',
        last.map((m) => m.to_address),
      )
      .execute();
    await t.db.db
      .updateTable('newsletters')
      .set({ status: 'queueing', lease_until: '2026-11-21T11:00:00.000Z' })
      .where('id', '=', id)
      .execute();
    expect(await t.services.newsletters.runDue()).toBe(1);
    // A server claims one and dies before sending it.
    const lease = new Date(t.clock.now.getTime() + MAIL_DELIVERY.leaseMs).toISOString();
    const lost = await outboxRepo(t.db.db).claimNext(
      MAIL_DELIVERY.maxAttempts,
      t.clock.now.toISOString(),
      lease,
      '<dead@localhost>',
      'dead:8000',
      true,
    );
    expect(lost).toBeTruthy();
    await drain([t.services.mailer, otherServer()]);
    expect(received('once')).toHaveLength(11);
    t.clock.advance(MAIL_DELIVERY.leaseMs + 1000);
    await drain([t.services.mailer, otherServer()]);
    const to = received('once')
      .map((m) => m.to[0])
      .sort();
    expect(to).toEqual(Array.from({ length: 12 }, (_, i) => `once${i}@example.org`).sort());
    const view = (await call('GET', `/api/admin/newsletters/${id}`)).json();
    expect(view).toMatchObject({ status: 'sent', counts: { recipients: 12, sent: 12, waiting: 0, failed: 0 } });
  });

  it('keeps to the configured pace over two servers, while the site’s own mail goes at once', async () => {
    await sendTo('paced', 6, 'Paced');
    const mailers = [t.services.mailer, otherServer()];
    // The run the queueing started may have taken the slot that was free: wait for it, then a slot later.
    await t.services.mailer.idle();
    peer.received.length = 0;
    t.clock.advance(INTERVAL);
    // However often both run, one slot is one message.
    for (let i = 0; i < 5; i++) await Promise.all(mailers.map((m) => m.deliver()));
    await Promise.all(mailers.map((m) => m.idle()));
    expect(received('paced')).toHaveLength(1);
    // A password reset is not held behind the newsletter.
    await t.services.mailer.queue({ to: 'urgent@example.org', subject: 'Reset', text: 'x', html: '<p>x</p>', kind: 'test' });
    await t.services.mailer.deliver();
    expect(received('urgent')).toHaveLength(1);
    expect(received('paced')).toHaveLength(1);
    t.clock.advance(INTERVAL * 3);
    for (let i = 0; i < 5; i++) await Promise.all(mailers.map((m) => m.deliver()));
    await Promise.all(mailers.map((m) => m.idle()));
    expect(received('paced')).toHaveLength(2);
    await drain(mailers);
    expect(
      await t.db.db.selectFrom('outbox').select('id').where('to_address', 'like', 'paced%').where('status', '=', 'sent').execute(),
    ).toHaveLength(6);
  });

  it('suppresses an address refused with a 550 at once, and after three temporary refusals; the admin lifts it', async () => {
    const id = await sendTo('ok', 1, 'Bounces', ['bounce-me@example.org', 'busy-me@example.org']);
    await drain([t.services.mailer]);
    const bounced = await t.db.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('newsletter_id', '=', id)
      .where('to_address', '=', 'bounce-me@example.org')
      .executeTakeFirstOrThrow();
    expect(bounced).toEqual({ status: 'bounced', attempts: 1 });
    for (let attempt = 1; attempt < 3; attempt++) {
      t.clock.advance(MAIL_DELIVERY.retryDelayMs(attempt));
      await drain([t.services.mailer]);
    }
    const busy = await t.db.db
      .selectFrom('outbox')
      .select(['status', 'attempts'])
      .where('newsletter_id', '=', id)
      .where('to_address', '=', 'busy-me@example.org')
      .executeTakeFirstOrThrow();
    expect(busy).toEqual({ status: 'bounced', attempts: 3 });
    const suppressed = (await call('GET', '/api/admin/suppressions')).json<{ email: string; reason: string }[]>();
    expect(suppressed.map((s) => s.email).sort()).toEqual(['bounce-me@example.org', 'busy-me@example.org']);
    const view = (await call('GET', `/api/admin/newsletters/${id}`)).json();
    expect(view.failures.map((f: { email: string }) => f.email).sort()).toEqual(['bounce-me@example.org', 'busy-me@example.org']);
    const next = (await call('POST', '/api/admin/newsletters/audience', { list: news, audience: { kind: 'all_members' } })).json();
    expect(next.excluded.suppressed).toBe(2);
    await call('POST', '/api/admin/suppressions/lift', { email: 'busy-me@example.org' });
    expect(
      (await call('POST', '/api/admin/newsletters/audience', { list: news, audience: { kind: 'all_members' } })).json().excluded.suppressed,
    ).toBe(1);
  });

  let parsed: ParsedMail;
  let readerRaw = '';

  it('is a message mail clients and bulk-mail rules accept: headers, HTML, plain text, footer, Armenian', async () => {
    const id = await sendTo('reader', 1, 'Բարեւ: the November letter');
    await drain([t.services.mailer]);
    const [mail] = received('reader');
    readerRaw = mail!.raw;
    parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toBe('Բարեւ: the November letter');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.headers.get('precedence')).toBe('bulk');
    const line = (key: string) => parsed.headerLines.find((h) => h.key === key)?.line;
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const list = parsed.headers.get('list') as { unsubscribe: { url: string; mail: string } };
    expect(list.unsubscribe.url).toMatch(/^http:\/\/localhost:8000\/api\/unsubscribe\//);
    expect(list.unsubscribe.mail).toMatch(/^office@example\.org\?subject=Unsubscribe%20/);
    const unsubscribe = listUnsubscribe(mail!.raw);
    expect(unsubscribe).toMatch(
      /^<http:\/\/localhost:8000\/api\/unsubscribe\/[A-Za-z0-9_-]{20,}>, <mailto:office@example\.org\?subject=Unsubscribe%20[A-Za-z0-9_-]+>$/,
    );
    expect(parsed.text).toContain('Բարեւ ձեզ, հարգելի անդամներ');
    expect(parsed.text).toContain(`View in your browser: http://localhost:8000/newsletters/${id}`);
    expect(parsed.text).toMatch(/12 Harley Street\nLondon W1G 9PF\nRegistered charity number 1234567/);
    const html = String(parsed.html);
    expect(html).toContain('<title>Բարեւ: the November letter</title>');
    expect(html).toContain('Բարեւ ձեզ, հարգելի անդամներ');
    expect(html).toContain('src="http://localhost:8000/api/images/0b0b0b0b-0000-4000-8000-000000000001.png"');
    expect(html).toContain('href="http://localhost:8000/events"');
    expect(html).toMatch(/max-width: 600px/);
    expect(html).toContain('Registered charity number 1234567');
    // No tracking: every link is the content's own or the site's, untouched; no pixel.
    expect([...html.matchAll(/<img [^>]*>/g)]).toHaveLength(1);
    const validator = new HtmlValidate({
      extends: ['html-validate:recommended'],
      rules: {
        // Mail clients ignore style sheets: inline styles and table layout are the way (decision 124).
        'no-inline-style': 'off',
        'no-deprecated-attr': 'off',
        'prefer-native-element': 'off',
        'long-title': 'off',
        // role="presentation" is what mail clients' screen readers know (role="none" came later).
        'presentation-role-style': 'off',
      },
    });
    const report = await validator.validateString(html);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  it('frames each copy in its reader’s language, the article as written (decision 191)', async () => {
    const id = await sendTo('framed', 2, 'The December letter');
    // Composed when it goes: a member who reads Armenian by then gets the Armenian frame.
    await t.db.db.updateTable('users').set({ language: 'hy' }).where('email', '=', 'framed0@example.org').execute();
    await drain([t.services.mailer]);
    const armenian = await simpleParser(received('framed0')[0]!.raw);
    expect(armenian.text).toContain('Բարեւ ձեզ, հարգելի անդամներ');
    expect(armenian.text).toContain(`Դիտել բրաուզերում: http://localhost:8000/hy/newsletters/${id}`);
    expect(armenian.text).toMatch(
      /Ընտրեք, թե ինչ եք ստանում, կամ հրաժարվեք բաժանորդագրությունից: http:\/\/localhost:8000\/hy\/preferences\//,
    );
    expect(armenian.text).toContain('Բարեգործական կազմակերպության գրանցման համար 1234567');
    expect(armenian.text).not.toMatch(/View in your browser|You receive this|Registered charity/);
    expect(String(armenian.html)).toContain('<html lang="hy">');
    const english = await simpleParser(received('framed1')[0]!.raw);
    expect(english.text).toContain(`View in your browser: http://localhost:8000/newsletters/${id}`);
    expect(String(english.html)).toContain('<html lang="en-GB">');
  });

  it('unsubscribes in one click with the RFC 8058 body, once, telling nothing of unknown links', async () => {
    const url = /^<http:\/\/localhost:8000(\/api\/unsubscribe\/[^>]+)>/.exec(listUnsubscribe(readerRaw))![1]!;
    const token = url.split('/').pop()!;
    const history = () => t.db.db.selectFrom('consents').selectAll().where('email_key', '=', 'reader0@example.org').orderBy('at').execute();
    const state = () => t.db.db.selectFrom('email_subscriptions').selectAll().where('email_key', '=', 'reader0@example.org').execute();
    const before = { history: await history(), state: await state() };

    // Opening the links (a person, or a mail scanner) changes nothing.
    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/preferences/${token}`);
    const page = await t.app.inject({ method: 'GET', url: `/api/preferences/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().email).toBe('r•••@example.org');
    expect(page.json().choices.find((c: { kind: string }) => c.kind === 'list')).toMatchObject({ name: 'News', subscribed: true });
    expect({ history: await history(), state: await state() }).toEqual(before);

    const wrongBody = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Yes',
    });
    expect(wrongBody.statusCode).toBe(400);
    expect({ history: await history(), state: await state() }).toEqual(before);

    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick()).json()).toEqual({ done: true });
    expect(await state()).toEqual([expect.objectContaining({ topic: `list:${news}`, subscribed: 0, source: 'one-click' })]);
    expect((await history()).at(-1)).toMatchObject({ topic: `list:${news}`, news_email: 0, source: 'one-click' });
    const preview = (await call('POST', '/api/admin/newsletters/audience', { list: news, audience: { kind: 'all_members' } })).json();
    expect(preview.excluded_people).toContainEqual(expect.objectContaining({ email: 'reader0@example.org', reason: 'unsubscribed' }));

    // Used again, or unknown: the same answer, nothing changed.
    const after = { history: await history(), state: await state() };
    expect((await oneClick()).json()).toEqual({ done: true });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe/not-a-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ done: true });
    expect({ history: await history(), state: await state() }).toEqual(after);
    const unknownPage = await t.app.inject({ method: 'GET', url: '/api/preferences/not-a-token' });
    expect(unknownPage.statusCode).toBe(404);
    expect(unknownPage.json().detail).not.toMatch(/reader|example/);

    // The preference page's button: joining the list again, then leaving everything.
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/preferences/${token}`,
      payload: { choices: { [`list:${news}`]: true } },
    });
    expect(saved.json().choices.find((c: { kind: string }) => c.kind === 'list').subscribed).toBe(true);
    const all = await t.app.inject({ method: 'POST', url: `/api/preferences/${token}`, payload: { choices: {}, unsubscribe_all: true } });
    expect(all.json().choices.filter((c: { kind: string; subscribed: boolean }) => c.kind === 'list' && c.subscribed)).toEqual([]);
    expect((await history()).map((c) => c.source).slice(-3)).toEqual(['preferences', 'preferences', 'preferences']);
  });

  it('gives the person their newsletter data in the export, and erasure removes it', async () => {
    const user = await t.db.db.selectFrom('users').select(['id']).where('email_key', '=', 'reader0@example.org').executeTakeFirstOrThrow();
    const member = (await t.services.accountsRepo.findById(user.id))!;
    const token = await t.services.sessions.start(member, { ip: '127.0.0.1', userAgent: 'API test' }, 'password');
    const exported = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${token}` } });
    const document = JSON.parse(typeof exported.json() === 'string' ? exported.json() : exported.body) as Record<string, unknown[]>;
    expect(document.email_choices).toContainEqual(expect.objectContaining({ topic: `list:${news}`, subscribed: 0, source: 'preferences' }));
    expect(document.newsletters_received).toContainEqual(
      expect.objectContaining({ subject: 'Բարեւ: the November letter', status: 'queued' }),
    );
    expect(document.consent_history).toContainEqual(expect.objectContaining({ about: `list:${news}`, source: 'one-click' }));

    const erased = await call('POST', `/api/admin/members/${user.id}/erase`, {});
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    expect(await t.db.db.selectFrom('outbox').select('id').where('unique_key', 'like', '%reader0@example.org').execute()).toEqual([]);
    for (const table of ['email_subscriptions', 'unsubscribe_tokens', 'mail_suppressions', 'newsletter_recipients', 'consents'] as const)
      expect(await t.db.db.selectFrom(table).select('email_key').where('email_key', '=', 'reader0@example.org').execute(), table).toEqual(
        [],
      );
  });

  it('sends the test to the writer alone', async () => {
    const created = await call('POST', '/api/admin/newsletters', {
      subject: 'Draft',
      content: newsletterDocument(),
      list: news,
      audience: { kind: 'everyone' },
    });
    const res = await call('POST', `/api/admin/newsletters/${created.json()._id}/test`);
    expect(res.json()).toEqual({ sent_to: admin.email });
    await t.services.mailer.idle();
    await t.services.mailer.deliver();
    const mails = peer.received.filter((m) => m.to[0] === admin.email);
    expect(mails).toHaveLength(1);
    expect((await simpleParser(mails[0]!.raw)).subject).toBe('[Test] Draft');
    expect(await t.db.db.selectFrom('outbox').select('id').where('newsletter_id', '=', created.json()._id).execute()).toEqual([]);
  });
});

/** The List-Unsubscribe header as sent, unfolded. */
function listUnsubscribe(raw: string): string {
  const header = /^List-Unsubscribe:(.*(?:\r\n[ \t].*)*)/m.exec(raw);
  return header![1]!.replace(/\r\n[ \t]+/g, ' ').trim();
}
