import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears } from '../../../shared/domain/membership';
import { bookAndConfirm, createEvent } from '../../testing/events';
import { startSmtpPeer } from '../../testing/smtp-peer';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * Every kind of automatic mail, parsed by a real mail parser: RFC 3834's Auto-Submitted on all,
 * a <title> in every HTML part, and RFC 2369/8058 unsubscribing on the mail one may refuse
 * (reminders and messages about events), which the site then honours (decision 122).
 */
describe('automatic mail as receiving tools read it', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['userWithRole']>>;
  let eventId: string;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ SMTP_URL: peer.url, MAIL_FROM: 'Association <office@example.org>' });
    admin = await t.userWithRole('admin');
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const deliver = async () => {
    await t.services.background.idle();
    await t.services.mailer.idle();
    await t.services.mailer.deliver();
  };
  const parsedTo = async (email: string) => Promise.all(peer.received.filter((m) => m.to[0] === email).map((m) => simpleParser(m.raw)));
  const unsubscribeUrl = (raw: string) =>
    /^List-Unsubscribe:\s*<http:\/\/localhost:8000(\/api\/unsubscribe\/[^>]+)>/m.exec(raw.replace(/\r\n[ \t]+/g, ' '))?.[1];
  const oneClick = (url: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('marks every message automatic and titles every HTML part; reminders and event messages can be left in one click', async () => {
    // A membership ending in 30 days: its reminder.
    const member = await t.userWithRole('member', 'reminded@example.org');
    await t.db.db
      .updateTable('users')
      .set({ tier_index: 1, registered_date: '2020-01-01', last_renewed_date: addYears('2026-12-21', -1) })
      .where('id', '=', member.id)
      .execute();
    await t.services.runScheduledJobs();
    // A booking (its confirmation), the admin's message to the attendees, and the reminder the day before.
    eventId = await createEvent(t, admin.authorization, { title: 'Winter lecture', dated: '2026-11-23T18:00', description: 'Talk' });
    const booked = await bookAndConfirm(t, eventId, { name: 'Anna', email: 'attendee@example.org' }, { ip: '198.51.100.8' });
    expect(booked.statusCode, booked.body).toBe(200);
    const mailed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/events/${eventId}/mail`,
      headers: { authorization: admin.authorization },
      payload: { request_id: '11111111-1111-4111-8111-111111111111', subject: 'Parking', body: 'Park at the back.' },
    });
    expect(mailed.json()).toEqual({ queued: 1 });
    t.clock.advance(32 * 60 * 60 * 1000);
    expect(await t.services.bookings.sendReminders()).toBe(1);
    // A password reset.
    await t.app.inject({ method: 'POST', url: '/api/pw_forgot', payload: { email: member.email } });
    await deliver();

    const all = await Promise.all(peer.received.map((m) => simpleParser(m.raw)));
    expect(all.length).toBeGreaterThanOrEqual(5);
    for (const mail of all) {
      expect(mail.headers.get('auto-submitted'), mail.subject).toBe('auto-generated');
      expect(String(mail.html), mail.subject).toMatch(/<head>.*<title>[^<]+<\/title>.*<\/head>/s);
    }
    const refusable = peer.received.filter((m) => /^Subject: (Your membership ends|Parking|Tomorrow)/m.test(m.raw));
    expect(refusable).toHaveLength(3);
    for (const m of refusable) {
      expect(unsubscribeUrl(m.raw)).toBeTruthy();
      expect(m.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    }
    const reset = peer.received.find((m) => /^Subject: Reset your password/m.test(m.raw))!;
    expect(reset.raw).not.toMatch(/^List-Unsubscribe/m);

    // Leaving renewal reminders: the 7-day one is not sent.
    const reminder = refusable.find((m) => /^Subject: Your membership ends/m.test(m.raw))!;
    expect((await oneClick(unsubscribeUrl(reminder.raw)!)).statusCode).toBe(200);
    t.clock.advance(22 * 24 * 60 * 60 * 1000);
    await t.services.runScheduledJobs();
    expect(
      await t.db.db.selectFrom('outbox').select('kind').where('to_address', '=', member.email).where('kind', 'like', 'reminder%').execute(),
    ).toEqual([{ kind: 'reminder-30-days' }]);

    // Leaving messages about events: the admin's next message skips them.
    const message = refusable.find((m) => /^Subject: Parking/m.test(m.raw))!;
    await oneClick(unsubscribeUrl(message.raw)!);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/events/${eventId}/mail`,
      headers: { authorization: (await t.userWithRole('admin')).authorization },
      payload: { request_id: '22222222-2222-4222-8222-222222222222', subject: 'Parking again', body: 'Still at the back.' },
    });
    expect(again.json()).toEqual({ queued: 0 });
    expect((await parsedTo('attendee@example.org')).map((m) => m.subject)).not.toContain('Parking again');
  });
});
