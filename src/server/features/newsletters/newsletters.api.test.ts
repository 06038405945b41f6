import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bookAndConfirm, createEvent } from '../../testing/events';
import { addPerson, newsletterDocument } from './testing';

describe('newsletters: audiences, drafts, sending, cancelling, the archive', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['userWithRole']>>;
  let editor: Awaited<ReturnType<TestApp['userWithRole']>>;
  let news: string;
  let cpd: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, who = admin) =>
    t.app.inject({ method, url, headers: { authorization: who.authorization }, payload: payload as string | object | undefined });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin');
    editor = await t.userWithRole('editor');
    news = (await call('GET', '/api/admin/newsletters/lists')).json<{ _id: string; name: string }[]>().find((l) => l.name === 'News')!._id;
    cpd = (await call('POST', '/api/admin/lists', { name: 'CPD', description: 'Courses', auto_subscribe: false })).json()._id;
    // Today is 2026-11-21: a membership renewed 2025-12-01 ends 2026-12-01 (10 days), one renewed 2025-06-01 lapsed in June.
    await addPerson(t, 'active0@example.org', { tier: 0, renewed: '2026-06-01', news: true });
    await addPerson(t, 'active1@example.org', { tier: 1, renewed: '2026-05-01', news: true });
    await addPerson(t, 'quiet@example.org', { tier: 0, renewed: '2026-06-01', news: false });
    await addPerson(t, 'expiring@example.org', { tier: 2, renewed: '2025-12-01', news: true });
    await addPerson(t, 'lapsed@example.org', { tier: 1, renewed: '2025-06-01', news: true });
    await addPerson(t, 'ancient@example.org', { tier: 1, renewed: '2020-01-01', news: true });
    await addPerson(t, 'donor@example.org', { news: true, newsSource: 'donate' });
    await addPerson(t, 'left@example.org', { tier: 0, renewed: '2026-06-01', news: true });
    await addPerson(t, 'left@example.org', { news: false, newsSource: 'preferences', at: '2026-11-21T12:00:01Z' });
    await addPerson(t, 'bounced@example.org', { tier: 0, renewed: '2026-06-01', news: true });
    await t.db.db
      .insertInto('mail_suppressions')
      .values({
        email_key: 'bounced@example.org',
        email: 'bounced@example.org',
        temporary_failures: 0,
        last_error: '550 No such user',
        suppressed_at: t.clock.now.toISOString(),
        reason: 'Refused for good (5xx)',
        lifted_at: null,
        lifted_by: null,
        updated_at: t.clock.now.toISOString(),
      })
      .execute();
  });
  afterAll(() => t.close());

  const preview = async (audience: unknown, list = news) => {
    const res = await call('POST', '/api/admin/newsletters/audience', { list, audience });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ recipients: number; excluded: Record<string, number>; excluded_people: { email: string; reason: string }[] }>();
  };

  it('counts each segment with who is left out and why', async () => {
    const all = await preview({ kind: 'all_members' });
    expect(all.recipients).toBe(5);
    expect(all.excluded).toEqual({ no_consent: 1, unsubscribed: 1, suppressed: 1 });
    expect(Object.fromEntries(all.excluded_people.map((p) => [p.email, p.reason]))).toEqual({
      'quiet@example.org': 'no_consent',
      'left@example.org': 'unsubscribed',
      'bounced@example.org': 'suppressed',
    });
    expect((await preview({ kind: 'tier', tiers: [1] })).recipients).toBe(3);
    expect((await preview({ kind: 'status', status: 'expiring', days: 30 })).recipients).toBe(1);
    expect((await preview({ kind: 'status', status: 'lapsed', months: 12 })).recipients).toBe(1);
    expect((await preview({ kind: 'status', status: 'active' })).recipients).toBe(3);
    expect((await preview({ kind: 'donors' })).recipients).toBe(0);
    expect((await preview({ kind: 'non_members' })).recipients).toBe(1);
    expect((await preview({ kind: 'everyone' })).recipients).toBe(6);
    // A list nobody is put on by their general consent reaches only those who chose it.
    expect((await preview({ kind: 'all_members' }, cpd)).recipients).toBe(0);
  });

  it('counts the attendees of an event', async () => {
    const eventId = await createEvent(t, admin.authorization, { title: 'Gala', dated: '2026-12-10T19:00', description: 'Dinner' });
    await t.db.db
      .insertInto('event_bookings')
      .values(
        ['active0@example.org', 'guest@example.org'].map((email, i) => ({
          id: `00000000-0000-4000-8000-00000000000${i}`,
          event_id: eventId,
          user_id: null,
          name: 'Guest',
          email,
          active_key: email,
          status: 'confirmed' as const,
          price_pence: 0,
          payment_id: null,
          hold_until: null,
          created_at: t.clock.now.toISOString(),
          confirmed_at: t.clock.now.toISOString(),
          cancelled_at: null,
          reminded_at: null,
          attended_at: null,
          certificate_number: null,
          note: null,
        })),
      )
      .execute();
    const attendees = await preview({ kind: 'event', event_id: eventId });
    expect(attendees.recipients).toBe(1);
    expect(attendees.excluded).toEqual({ no_consent: 1, unsubscribed: 0, suppressed: 0 });
    // Booking with the news box ticked is consent: a non-member who agreed to news when booking.
    const before = (await preview({ kind: 'non_members' })).recipients;
    const booked = await bookAndConfirm(
      t,
      eventId,
      { name: 'Booker', email: 'booker@example.org', news_email: true },
      { ip: '198.51.100.7' },
    );
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await preview({ kind: 'non_members' })).recipients).toBe(before + 1);
    expect((await preview({ kind: 'event', event_id: eventId })).recipients).toBe(2);
    expect(
      (await call('POST', '/api/admin/newsletters/audience', { list: news, audience: { kind: 'event', event_id: 'nope' } })).statusCode,
    ).toBe(404);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const before = (await call('GET', '/api/admin/newsletters')).json().length;
    const bad = async (payload: unknown, field: string) => {
      const res = await call('POST', '/api/admin/newsletters', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toBeTruthy();
      expect(res.json().field).toMatch(field);
    };
    const empty = JSON.stringify({
      blocks: [{ key: 'a', text: '  ', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
      entityMap: {},
    });
    await bad({ subject: 'Hello', content: empty, list: news, audience: { kind: 'all_members' } }, 'content');
    await bad({ subject: 'Hello', content: newsletterDocument(), list: news }, 'audience');
    await bad({ subject: '', content: newsletterDocument(), list: news, audience: { kind: 'all_members' } }, 'subject');
    await bad(
      { subject: 'Hello', content: newsletterDocument('x'.repeat(100_001)), list: news, audience: { kind: 'all_members' } },
      'content',
    );
    await bad({ subject: 'Hello', content: newsletterDocument(), list: news, audience: { kind: 'tier', tiers: [] } }, 'audience');
    expect(
      (
        await call('POST', '/api/admin/newsletters', {
          subject: 'x',
          content: newsletterDocument(),
          list: 'nope',
          audience: { kind: 'everyone' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/admin/newsletters')).json()).toHaveLength(before);
  });

  async function draft(subject = 'November news', audience: unknown = { kind: 'all_members' }, who = admin) {
    const res = await call('POST', '/api/admin/newsletters', { subject, content: newsletterDocument(), list: news, audience }, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json()._id as string;
  }

  it('lets an editor write and send, and sends an article as a newsletter', async () => {
    const id = await draft('From the editor', { kind: 'tier', tiers: [0] }, editor);
    // Editors choose among the lists, but naming one is the admin's.
    expect((await call('GET', '/api/admin/newsletters/lists', undefined, editor)).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/lists', { name: 'Editors' }, editor)).statusCode).toBe(403);
    const view = (await call('GET', `/api/admin/newsletters/${id}`, undefined, editor)).json();
    expect(view).toMatchObject({ status: 'draft', subject: 'From the editor', audience: { kind: 'tier', tiers: [0] } });
    const article = await call(
      'POST',
      '/api/new_article',
      { title: 'A long read', dated: '2026-11-20', categories: [], content: newsletterDocument() },
      editor,
    );
    const fromArticle = await call(
      'POST',
      '/api/admin/newsletters',
      { article_id: article.json().inserted_id, list: news, audience: { kind: 'everyone' } },
      editor,
    );
    expect(fromArticle.statusCode, fromArticle.body).toBe(200);
    expect((await call('GET', `/api/admin/newsletters/${fromArticle.json()._id}`)).json()).toMatchObject({
      subject: 'A long read',
      article_id: article.json().inserted_id,
    });
  });

  it('sends once to each person who may receive it, records who was left out, and ends sent', async () => {
    const id = await draft('Sent now');
    const started = await call('POST', `/api/admin/newsletters/${id}/send`, {});
    expect(started.statusCode, started.body).toBe(200);
    expect(['queueing', 'sending']).toContain(started.json().status);
    await t.services.background.idle();
    const again = await call('POST', `/api/admin/newsletters/${id}/send`, {});
    expect(again.statusCode).toBe(409);
    const view = (await call('GET', `/api/admin/newsletters/${id}`)).json();
    // No SMTP here: every message is kept in the outbox, so the send is complete.
    expect(view.counts).toMatchObject({ recipients: 5, excluded: 3, excluded_by: { no_consent: 1, unsubscribed: 1, suppressed: 1 } });
    expect(view.status).toBe('sent');
    const messages = await t.db.db
      .selectFrom('outbox')
      .select(['to_address', 'unique_key', 'bulk'])
      .where('newsletter_id', '=', id)
      .execute();
    expect(messages.map((m) => m.to_address).sort()).toEqual([
      'active0@example.org',
      'active1@example.org',
      'ancient@example.org',
      'expiring@example.org',
      'lapsed@example.org',
    ]);
    expect(new Set(messages.map((m) => m.unique_key)).size).toBe(5);
    // Kept for the admin (no SMTP): each copy whole, with its own preference link.
    const kept = await t.db.db.selectFrom('outbox').select(['text_body', 'status']).where('newsletter_id', '=', id).execute();
    expect(kept.every((m) => m.status === 'kept' && /\/preferences\/[\w-]{20,}/.test(m.text_body))).toBe(true);
    // Two servers queueing it at once (after a crash left nothing written): one claim, five messages.
    await t.db.db.deleteFrom('outbox').where('newsletter_id', '=', id).execute();
    await t.db.db.deleteFrom('newsletter_recipients').where('newsletter_id', '=', id).execute();
    await t.db.db.updateTable('newsletters').set({ status: 'queueing', lease_until: null }).where('id', '=', id).execute();
    await Promise.all([t.services.newsletters.queueWork(id), t.services.newsletters.queueWork(id), t.services.newsletters.runDue()]);
    expect(await t.db.db.selectFrom('outbox').select('id').where('newsletter_id', '=', id).execute()).toHaveLength(5);
    // Queueing it again (a second server, a restart) adds nobody.
    await t.db.db.updateTable('newsletters').set({ status: 'queueing', lease_until: null }).where('id', '=', id).execute();
    await t.services.newsletters.queueWork(id);
    expect(await t.db.db.selectFrom('outbox').select('id').where('newsletter_id', '=', id).execute()).toHaveLength(5);
    expect((await call('PUT' as 'POST', `/api/admin/newsletters/${id}`)).statusCode).toBeGreaterThanOrEqual(400);
    const changed = await call('POST', `/api/admin/newsletters/${id}`, {
      subject: 'Late',
      content: newsletterDocument(),
      list: news,
      audience: { kind: 'everyone' },
    });
    expect(changed.statusCode).toBe(409);
  });

  it('schedules a send, refuses a time in the past, starts it when due, and can cancel it before', async () => {
    const id = await draft('Later');
    const past = await call('POST', `/api/admin/newsletters/${id}/send`, { at: '2026-11-20T09:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail).toMatch(/future/);
    const scheduled = await call('POST', `/api/admin/newsletters/${id}/send`, { at: '2026-11-21T13:00:00Z' });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduled_at: '2026-11-21T13:00:00.000Z' });
    expect(await t.services.newsletters.runDue()).toBe(0);
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(await t.services.newsletters.runDue()).toBe(1);
    expect((await call('GET', `/api/admin/newsletters/${id}`)).json().counts.recipients).toBe(5);

    const other = await draft('Cancelled before');
    await call('POST', `/api/admin/newsletters/${other}/send`, { at: '2026-11-21T16:00:00Z' });
    const cancelled = await call('POST', `/api/admin/newsletters/${other}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    t.clock.advance(2 * 60 * 60 * 1000);
    await t.services.newsletters.runDue();
    expect(await t.db.db.selectFrom('outbox').select('id').where('newsletter_id', '=', other).execute()).toHaveLength(0);
    expect((await call('POST', `/api/admin/newsletters/${other}/cancel`)).statusCode).toBe(409);
  });

  it('stops a send under way: messages not yet sent are cancelled', async () => {
    const id = await draft('Stopped');
    await call('POST', `/api/admin/newsletters/${id}/send`, {});
    await t.services.background.idle();
    // As if an SMTP server were slowly working through them.
    await t.db.db.updateTable('outbox').set({ status: 'queued' }).where('newsletter_id', '=', id).execute();
    await t.db.db.updateTable('newsletters').set({ status: 'sending' }).where('id', '=', id).execute();
    const stopped = await call('POST', `/api/admin/newsletters/${id}/cancel`);
    expect(stopped.json()).toMatchObject({ status: 'cancelled', counts: { cancelled: 5, waiting: 0 } });
  });

  it('shows sent newsletters in the archive, and nothing of drafts', async () => {
    const sent = await draft('For the archive');
    const unsent = await draft('Still a draft');
    await call('POST', `/api/admin/newsletters/${sent}/send`, {});
    await t.services.background.idle();
    const archive = (await t.app.inject({ method: 'GET', url: '/api/newsletters' })).json<
      { _id: string; subject: string; brief: string }[]
    >();
    expect(archive.map((n) => n._id)).toContain(sent);
    expect(archive.map((n) => n._id)).not.toContain(unsent);
    const one = await t.app.inject({ method: 'GET', url: `/api/newsletters/${sent}` });
    expect(one.json()).toMatchObject({ subject: 'For the archive' });
    expect((await t.app.inject({ method: 'GET', url: `/api/newsletters/${unsent}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/newsletters/nope' })).statusCode).toBe(404);
  });

  it('names lists once and lists the suppressed addresses, lifting one', async () => {
    expect((await call('POST', '/api/admin/lists', { name: 'cpd' })).statusCode).toBe(409);
    const suppressed = (await call('GET', '/api/admin/suppressions')).json();
    expect(suppressed.map((s: { email: string }) => s.email)).toContain('bounced@example.org');
    expect((await call('POST', '/api/admin/suppressions/lift', { email: 'Bounced@example.org' })).json()).toEqual({ lifted: true });
    expect((await call('POST', '/api/admin/suppressions/lift', { email: 'bounced@example.org' })).statusCode).toBe(404);
    expect((await preview({ kind: 'all_members' })).excluded.suppressed).toBe(0);
  });
});
