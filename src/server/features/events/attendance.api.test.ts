import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxFor, registeredMember } from '../../testing/membership';
import { multipartFile } from '../../testing/multipart';
import { bookAndConfirm, createEvent } from '../../testing/events';
import { createTestApp, type TestApp } from '../../testing/test-app';

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

const NUMBER = /^CPD-2026-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('attendance and CPD certificates', () => {
  let t: TestApp;
  let admin: string;
  let addresses = 0;
  const nextAddress = () => `10.17.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  // The morning of the event (sign-ins last 12 hours, so the tests stay within the day).
  beforeEach(async () => {
    t.clock.now = new Date('2026-12-05T08:00:00Z');
    admin = (await t.userWithRole('admin')).authorization;
  });

  const newEvent = (fields: Record<string, unknown> = {}) =>
    createEvent(t, admin, {
      title: 'Cardiology update',
      dated: '2026-12-05T18:30',
      end_dated: '2026-12-05T21:00',
      description: 'Talks',
      cpd_hours: 1.5,
      ...fields,
    });
  async function book(eventId: string, payload: object, authorization?: string) {
    const res = await bookAndConfirm(t, eventId, payload, { ip: nextAddress(), authorization });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ booking_id: string; status: string }>();
  }
  /** Moves the clock, with a fresh sign-in for the admin. */
  const at = async (instant: string) => {
    t.clock.now = new Date(instant);
    admin = (await t.userWithRole('admin')).authorization;
  };
  const atTheEvent = () => at('2026-12-05T18:10:00Z');
  const mark = (id: string, attended: unknown, authorization = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/events/bookings/${id}/attendance`, headers: { authorization }, payload: { attended } });
  const certificate = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/events/bookings/${id}/certificate.pdf`, headers });
  const verify = (number: string, authorization = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/certificates/${encodeURIComponent(number)}`, headers: { authorization } });
  const certificateMails = async (email: string) => (await outboxFor(t, email)).filter((m) => m.kind === 'booking-certificate');
  /** The secret from the booking link in the attendee's first mail. */
  const tokenFrom = async (email: string, bookingId: string) => {
    const link = new RegExp(`/events/bookings/${bookingId}#([A-Za-z0-9_-]+)`);
    return (await outboxFor(t, email)).map((m) => link.exec(m.text_body)?.[1]).find(Boolean)!;
  };
  const auditOf = (bookingId: string) =>
    t.db.db
      .selectFrom('audit_log')
      .select(['action', 'summary', 'actor_email'])
      .where('subject_id', '=', bookingId)
      .orderBy('seq')
      .execute();

  it('mails the certificate in the attendee’s language: Armenian words, the event’s Armenian title, CPD time and the Armenian page (decision 191)', async () => {
    const eventId = await newEvent({ hy: { title: 'Սրտաբանության նորույթներ', description: 'Զեկուցումներ' } });
    const { booking_id } = await book(eventId, { name: 'Գայանե', email: 'gayane.hy.cert@example.org', language: 'hy' });
    await atTheEvent();
    expect((await mark(booking_id, true)).statusCode).toBe(200);
    const [mail] = await certificateMails('gayane.hy.cert@example.org');
    expect(mail!.subject).toBe('Ձեր վկայականը՝ Սրտաբանության նորույթներ');
    expect(mail!.text_body).toContain('Հարգելի Գայանե,');
    expect(mail!.text_body).toContain('CPD: 1,5 ժամ');
    expect(mail!.text_body).toContain('շաբաթ, 5 դեկտեմբերի, 2026 թ., 18:30–21:00');
    expect(mail!.text_body).toContain(`http://localhost:8000/hy/events/bookings/${booking_id}#`);
    expect(mail!.html_body).toContain('<html lang="hy">');
    expect(mail!.text_body).not.toMatch(/Dear|Certificate number|hours/);
  });

  it('marks attendance once: a certificate number, one mail with the link; taken back and given again, the same number and no more mail', async () => {
    const eventId = await newEvent();
    const { booking_id } = await book(eventId, { name: 'Gayane Petrosyan', email: 'gayane.cert@example.org' });
    await atTheEvent();

    const first = await mark(booking_id, true);
    expect(first.statusCode, first.body).toBe(200);
    const marked = first.json();
    expect(marked).toEqual({ booking_id, attended_at: '2026-12-05T18:10:00.000Z', certificate_number: expect.stringMatching(NUMBER) });
    const [mail, ...more] = await certificateMails('gayane.cert@example.org');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Your certificate: Cardiology update' });
    expect(mail!.text_body).toContain(`Certificate number: ${marked.certificate_number}`);
    expect(mail!.text_body).toContain('CPD: 1.5 hours');
    expect(mail!.text_body).toContain(`Download your certificate: http://localhost:8000/events/bookings/${booking_id}#`);

    // Marking again changes nothing.
    t.clock.advance(60_000);
    expect((await mark(booking_id, true)).json()).toEqual(marked);

    t.clock.advance(60_000);
    const unmarked = await mark(booking_id, false);
    expect(unmarked.json()).toEqual({ booking_id, attended_at: null, certificate_number: marked.certificate_number });
    expect((await mark(booking_id, false)).json()).toEqual(unmarked.json());
    const token = await tokenFrom('gayane.cert@example.org', booking_id);
    expect((await certificate(booking_id, { 'x-booking-token': token })).statusCode).toBe(404);

    t.clock.advance(60_000);
    const again = (await mark(booking_id, true)).json();
    expect(again).toEqual({ booking_id, attended_at: '2026-12-05T18:13:00.000Z', certificate_number: marked.certificate_number });
    expect(await certificateMails('gayane.cert@example.org')).toHaveLength(1);
    expect((await certificate(booking_id, { 'x-booking-token': token })).statusCode).toBe(200);

    // Each change audited once, with who made it; the repeats that changed nothing are not.
    const audit = await auditOf(booking_id);
    expect(audit.map((a) => a.action)).toEqual(['recorded', 'cancelled', 'recorded']);
    expect(audit[0]!.summary).toBe(
      `Marked Gayane Petrosyan <gayane.cert@example.org> as attended at "Cardiology update": certificate ${marked.certificate_number}`,
    );
    expect(audit[0]!.actor_email).toMatch(/@/);
  });

  it('gives one number and one mail when several admins tap at once', async () => {
    const eventId = await newEvent();
    const { booking_id } = await book(eventId, { name: 'Aram', email: 'aram.race@example.org' });
    const second = (await t.userWithRole('admin')).authorization;
    await atTheEvent();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => mark(booking_id, true, i % 2 ? second : admin)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const numbers = new Set(answers.map((a) => a.json().certificate_number));
    expect(numbers.size).toBe(1);
    expect(await certificateMails('aram.race@example.org')).toHaveLength(1);
    expect((await auditOf(booking_id)).map((a) => a.action)).toEqual(['recorded']);
    const row = await t.db.db.selectFrom('event_bookings').selectAll().where('id', '=', booking_id).executeTakeFirstOrThrow();
    expect(row.certificate_number).toBe([...numbers][0]);
  });

  it('gives different numbers to the attendees of an event, none made from another', async () => {
    const eventId = await newEvent();
    const ids = [];
    for (let i = 0; i < 8; i++) ids.push((await book(eventId, { name: `Guest ${i}`, email: `guest${i}.numbers@example.org` })).booking_id);
    await atTheEvent();
    const numbers = await Promise.all(ids.map(async (id) => (await mark(id, true)).json().certificate_number as string));
    expect(new Set(numbers).size).toBe(8);
    for (const number of numbers) expect(number).toMatch(NUMBER);
  });

  it('marks only confirmed bookings, only from the day of the event, and refuses bad input and other people, changing nothing', async () => {
    const full = await newEvent({ capacity: 1, member_price_pence: 1500, price_pence: 1500 });
    const held = await book(full, { name: 'Held', email: 'held.cert@example.org' });
    const waitlisted = await book(full, { name: 'Waiting', email: 'waiting.cert@example.org' });
    expect([held.status, waitlisted.status]).toEqual(['payment_required', 'waitlisted']);
    const free = await newEvent();
    const cancelled = await book(free, { name: 'Gone', email: 'gone.cert@example.org' });
    const token = await tokenFrom('gone.cert@example.org', cancelled.booking_id);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/events/bookings/${cancelled.booking_id}/cancel`, payload: { token } })).statusCode,
    ).toBe(200);
    const early = await book(free, { name: 'Early', email: 'early.cert@example.org' });

    // The day before (London): too early; from midnight: allowed.
    const tomorrow = await newEvent({ dated: '2026-12-06T09:00', end_dated: '' });
    const next = await book(tomorrow, { name: 'Tomorrow', email: 'tomorrow.cert@example.org' });
    await at('2026-12-05T23:59:00Z');
    const tooEarly = await mark(next.booking_id, true);
    expect([tooEarly.statusCode, tooEarly.json()]).toEqual([409, { detail: 'Attendance can be marked from the day of the event' }]);
    await at('2026-12-06T00:00:00Z');
    expect((await mark(next.booking_id, true)).statusCode).toBe(200);
    await atTheEvent();
    expect((await mark(early.booking_id, true)).statusCode).toBe(200);

    for (const id of [held.booking_id, waitlisted.booking_id, cancelled.booking_id]) {
      const res = await mark(id, true);
      expect([res.statusCode, res.json()]).toEqual([409, { detail: 'Only a confirmed booking can be marked as attended' }]);
    }
    expect((await mark(MISSING, true)).statusCode).toBe(404);
    expect((await mark('nope', true)).statusCode).toBe(404);
    for (const body of ['yes', 1, null, undefined]) {
      const res = await mark(early.booking_id, body);
      expect(res.statusCode, String(body)).toBe(400);
      expect(res.json().field).toBe('attended');
    }
    const member = await registeredMember(t);
    expect((await mark(early.booking_id, false, member.authorization)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/events/bookings/${early.booking_id}/attendance`,
          payload: { attended: false },
        })
      ).statusCode,
    ).toBe(401);

    const rows = await t.db.db
      .selectFrom('event_bookings')
      .select(['email', 'attended_at', 'certificate_number'])
      .where('event_id', 'in', [full, free])
      .execute();
    expect(rows.filter((r) => r.attended_at || r.certificate_number).map((r) => r.email)).toEqual(['early.cert@example.org']);
    expect(await certificateMails('held.cert@example.org')).toEqual([]);
  });

  it('gives the certificate PDF to its attendee only, by the mail link’s secret or signed in, with every fact on it', async () => {
    await t.services.siteText.set('site_name', 'Հայ Բժշկական Ընկերակցություն UK', null);
    await t.services.siteText.set('contact_email', 'cpd@example.org', null);
    const eventId = await newEvent({ title: 'Սրտաբանություն: an update', dated: '2026-12-05T18:30', end_dated: '2026-12-05T21:00' });
    const member = await registeredMember(t, { first_name: 'Անի' });
    const { booking_id } = await book(eventId, {}, member.authorization);
    const visitor = await book(eventId, { name: 'Visitor', email: 'visitor.cert@example.org' });
    await atTheEvent();
    const { certificate_number } = (await mark(booking_id, true)).json();
    await mark(visitor.booking_id, true);

    const signedIn = await certificate(booking_id, { authorization: member.authorization });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.headers['content-type']).toBe('application/pdf');
    expect(signedIn.headers['content-disposition']).toBe(`attachment; filename="certificate-${certificate_number}.pdf"`);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(signedIn.rawPayload);
    for (const fact of [
      'Հայ Բժշկական Ընկերակցություն UK',
      'Certificate of Attendance',
      `Անի ${member.form.last_name}`,
      'Սրտաբանություն: an update',
      'on 5 December 2026',
      'Continuing professional development: 1.5 hours',
      `Certificate number ${certificate_number}`,
      'Issued on 5 December 2026',
      'cpd@example.org',
    ])
      expect(text).toContain(fact);

    // By the secret from the mail (any browser, signed in or not).
    const token = await tokenFrom(member.form.email, booking_id);
    expect((await certificate(booking_id, { 'x-booking-token': token })).statusCode).toBe(200);
    // Anyone else: as if it did not exist. Nor does the secret of one booking open another.
    const stranger = await registeredMember(t);
    const visitorToken = await tokenFrom('visitor.cert@example.org', visitor.booking_id);
    for (const headers of [
      {} as Record<string, string>,
      { authorization: stranger.authorization },
      { authorization: admin },
      { 'x-booking-token': visitorToken },
      { 'x-booking-token': 'x'.repeat(43) },
    ]) {
      const res = await certificate(booking_id, headers);
      expect([res.statusCode, res.json()], JSON.stringify(headers)).toEqual([404, { detail: 'Certificate not found' }]);
    }
    expect((await certificate(visitor.booking_id, { 'x-booking-token': visitorToken })).statusCode).toBe(200);
    expect((await certificate(MISSING, { 'x-booking-token': token })).statusCode).toBe(404);
    expect((await certificate('../../etc', { 'x-booking-token': token })).statusCode).toBe(404);
    await t.services.siteText.set('site_name', 'Armenian Medical Association of Great Britain', null);
    await t.services.siteText.set('contact_email', '', null);
  });

  it('gives no certificate before attendance is marked, nor once the booking is cancelled', async () => {
    const eventId = await newEvent({ cpd_hours: '' });
    const member = await registeredMember(t);
    const { booking_id } = await book(eventId, {}, member.authorization);
    const auth = { authorization: member.authorization };
    // The booking page and My Profile say when there is a certificate to download.
    const shown = async () => {
      const view = await t.app.inject({ method: 'GET', url: `/api/events/bookings/${booking_id}`, headers: auth });
      const mine = await t.app.inject({ method: 'GET', url: '/api/account/bookings', headers: auth });
      return [view.json().has_certificate, mine.json().find((b: { _id: string }) => b._id === booking_id).has_certificate];
    };
    expect((await certificate(booking_id, auth)).statusCode).toBe(404);
    expect(await shown()).toEqual([false, false]);
    await atTheEvent();
    const { certificate_number } = (await mark(booking_id, true)).json();
    expect(await shown()).toEqual([true, true]);
    const text = await pdfText((await certificate(booking_id, auth)).rawPayload);
    // No CPD hours set: the certificate says nothing about them.
    expect(text).not.toContain('Continuing professional development');
    // The admin cancels it (after the event: only the admin can).
    await t.services.bookings.cancel(booking_id, {}, { refund: true, record: async () => {} });
    expect((await certificate(booking_id, auth)).statusCode).toBe(404);
    expect(await shown()).toEqual([false, false]);
    expect((await verify(certificate_number)).json().attended_at).toBeNull();
  });

  it('puts the logo from Settings on the certificate when it is an uploaded image', async () => {
    const eventId = await newEvent();
    const { booking_id } = await book(eventId, { name: 'Logo Guest', email: 'logo.cert@example.org' });
    await atTheEvent();
    await mark(booking_id, true);
    const token = await tokenFrom('logo.cert@example.org', booking_id);
    const withMark = (await certificate(booking_id, { 'x-booking-token': token })).rawPayload;
    // The site's own mark is drawn, not an embedded picture.
    expect(withMark.includes('/Subtype /Image')).toBe(false);

    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#0b4f6c' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile(png, 'logo.png', 'image/png');
    const upload = await t.app.inject({ method: 'POST', url: '/api/image_upload', payload, headers: { ...headers, authorization: admin } });
    expect(upload.statusCode, upload.body).toBe(200);
    await t.services.siteText.set('logo_url', upload.json().url, null);
    const withLogo = (await certificate(booking_id, { 'x-booking-token': token })).rawPayload;
    expect(withLogo.includes('/Subtype /Image')).toBe(true);
    // A logo elsewhere on the web is not fetched: the mark stands in.
    await t.services.siteText.set('logo_url', 'https://cdn.example.org/logo.png', null);
    expect((await certificate(booking_id, { 'x-booking-token': token })).rawPayload.includes('/Subtype /Image')).toBe(false);
    await t.services.siteText.set('logo_url', '', null);
  });

  it('lets the admin look a certificate number up, however it was typed, and says when it no longer stands', async () => {
    const eventId = await newEvent();
    const { booking_id } = await book(eventId, { name: 'Narek Hovhannisyan', email: 'narek.cert@example.org' });
    await atTheEvent();
    const { certificate_number, attended_at } = (await mark(booking_id, true)).json();
    const expected = {
      certificate_number,
      booking_id,
      name: 'Narek Hovhannisyan',
      email: 'narek.cert@example.org',
      event: { _id: eventId, title: 'Cardiology update', date: '2026-12-05T18:30:00.000Z' },
      cpd_minutes: 90,
      attended_at,
    };
    expect((await verify(certificate_number)).json()).toEqual(expected);
    const typed = ` ${certificate_number.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o')} `;
    expect((await verify(typed)).json()).toEqual(expected);

    await mark(booking_id, false);
    expect((await verify(certificate_number)).json()).toEqual({ ...expected, attended_at: null });

    for (const unknown of ['CPD-2026-ZZZZ-ZZZZ', 'nonsense', '%00']) {
      const res = await verify(unknown);
      expect([res.statusCode, res.json()], unknown).toEqual([404, { detail: 'No certificate has this number' }]);
    }
    expect((await verify('x'.repeat(41))).statusCode).toBe(400);
    const member = await registeredMember(t);
    expect((await verify(certificate_number, member.authorization)).statusCode).toBe(403);
  });
});
