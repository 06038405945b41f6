import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatLongDate } from '../../shared/domain/dates';
import { formatPence } from '../../shared/domain/money';
import { siteTextHy } from '../../shared/domain/site-text-hy';
import { bookAndConfirm, bookingLinkToken, createEvent } from '../testing/events';
import { registeredMember } from '../testing/membership';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The PDF's text as a reader's copy and paste gives it (pdf.js through unpdf): no byte search. */
async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  // pdf.js gives the no-break spaces of Armenian money and dates as they are: plain spaces compare.
  return text.replace(/\u00a0/g, ' ');
}
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

type Listed = {
  _id: string;
  kind: string;
  receipt_number: string | null;
  period_start: string | null;
  period_end: string | null;
  amount: number;
};

/**
 * Receipts and CPD certificates are written in their owner's language (decision 196): the
 * member's, or the one a download names with `lang`; an attendee without an account gets English.
 */
describe('PDFs in the person’s language', () => {
  let t: TestApp;
  let admin: string;
  let addresses = 0;
  const nextAddress = () => `10.61.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = new Date('2026-12-05T08:00:00Z');
    admin = (await t.userWithRole('admin')).authorization;
  });

  const setLanguage = async (authorization: string, language: 'en' | 'hy') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/language', headers: { authorization }, payload: { language } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const receipt = (authorization: string, id: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/account/payments/${id}/receipt.pdf${query}`,
      headers: { authorization },
      remoteAddress: nextAddress(),
    });
  const firstPayment = async (authorization: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/account/payments', headers: { authorization } })).json<{ items: Listed[] }>().items[0]!;

  it('writes a member’s receipt in their language, words, dates and money, and draws it anew when they switch', async () => {
    const member = await registeredMember(t, { first_name: 'Անի', last_name: 'Petrosyan' });
    const paid = await firstPayment(member.authorization);
    expect(paid.kind).toBe('registration');

    const english = await receipt(member.authorization, paid._id);
    expect(english.statusCode, english.body).toBe(200);
    const englishText = await pdfText(english.rawPayload);
    for (const fact of [
      'Receipt number',
      'Received from',
      'Անի Petrosyan',
      'Membership: ',
      'Membership period',
      formatPence(paid.amount),
      'Thank you.',
    ])
      expect(englishText).toContain(fact);
    expect(englishText).toContain(formatLongDate(paid.period_start!));

    await setLanguage(member.authorization, 'hy');
    const armenian = await receipt(member.authorization, paid._id);
    expect(armenian.statusCode, armenian.body).toBe(200);
    expect(armenian.rawPayload.equals(english.rawPayload)).toBe(false);
    const text = await pdfText(armenian.rawPayload);
    for (const fact of [
      siteTextHy['pdf.receipt.title'],
      siteTextHy['pdf.receipt.number'],
      siteTextHy['pdf.receipt.received_from'],
      siteTextHy.site_name,
      'Անի Petrosyan',
      paid.receipt_number!,
      // Armenian dates ("1 դեկտեմբերի, 2026 թ.") and money ("35,00 £").
      plain(formatLongDate(paid.period_start!, 'hy')),
      plain(formatLongDate(paid.period_end!, 'hy')),
      plain(formatPence(paid.amount, 'hy')),
      'Անդամակցություն՝ ',
    ])
      expect(text).toContain(fact);
    expect(text).toMatch(/\d+ [\u0531-\u0587]+ի, 20\d\d թ\./);
    for (const english of ['Receipt number', 'Received from', 'Membership period', 'Thank you']) expect(text).not.toContain(english);

    // A language named in the address wins over the member's; a bad one is refused with its field.
    expect(await pdfText((await receipt(member.authorization, paid._id, '?lang=en')).rawPayload)).toContain('Receipt number');
    const bad = await receipt(member.authorization, paid._id, '?lang=fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'lang' });
    expect(bad.json().detail).toMatch(/^lang: /);
  });

  it('follows the admin’s Armenian words on the receipt', async () => {
    const member = await registeredMember(t);
    await setLanguage(member.authorization, 'hy');
    const paid = await firstPayment(member.authorization);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin },
      payload: { key: 'pdf.receipt.title', value: 'Վճարման անդորրագիր', lang: 'hy' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await pdfText((await receipt(member.authorization, paid._id)).rawPayload)).toContain('Վճարման անդորրագիր');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/texts/reset',
      headers: { authorization: admin },
      payload: { key: 'pdf.receipt.title', lang: 'hy' },
    });
  });

  it('writes a certificate in the attendee’s language, with the event’s Armenian title; an attendee with no account gets English', async () => {
    const eventId = await createEvent(t, admin, {
      title: 'Cardiology update',
      dated: '2026-12-05T18:30',
      end_dated: '2026-12-05T21:00',
      description: 'Talks',
      cpd_hours: 1.5,
      hy: { title: 'Սրտաբանության նորույթներ', description: 'Զեկույցներ' },
    });
    const member = await registeredMember(t, { first_name: 'Արամ', last_name: 'Խաչատրյան' });
    await setLanguage(member.authorization, 'hy');
    const booked = await bookAndConfirm(t, eventId, {}, { ip: nextAddress(), authorization: member.authorization });
    expect(booked.statusCode, booked.body).toBe(200);
    const memberBooking = booked.json<{ booking_id: string }>().booking_id;
    const visitor = await bookAndConfirm(t, eventId, { name: 'Lilit Sargsyan', email: 'lilit.cert@example.org' }, { ip: nextAddress() });
    const visitorBooking = visitor.json<{ booking_id: string }>().booking_id;
    t.clock.now = new Date('2026-12-05T18:10:00Z');
    admin = (await t.userWithRole('admin')).authorization;
    for (const id of [memberBooking, visitorBooking]) {
      const marked = await t.app.inject({
        method: 'POST',
        url: `/api/admin/events/bookings/${id}/attendance`,
        headers: { authorization: admin },
        payload: { attended: true },
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const certificate = (id: string, headers: Record<string, string>, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/events/bookings/${id}/certificate.pdf${query}`, headers, remoteAddress: nextAddress() });

    const armenian = await certificate(memberBooking, { authorization: member.authorization });
    expect(armenian.statusCode, armenian.body).toBe(200);
    const text = await pdfText(armenian.rawPayload);
    for (const fact of [
      siteTextHy['pdf.certificate.title'],
      siteTextHy['pdf.certificate.certify'],
      'Արամ Խաչատրյան',
      'Սրտաբանության նորույթներ',
      'Անցկացման օրը՝ 5 դեկտեմբերի, 2026 թ.',
      'Շարունակական մասնագիտական զարգացում՝ 1,5 ժամ',
      'Տրված է 5 դեկտեմբերի, 2026 թ.',
    ])
      expect(text).toContain(fact);
    for (const english of ['Certificate of Attendance', 'Cardiology update', 'December']) expect(text).not.toContain(english);

    // The visitor chose no language: English, with the English title; asked in Armenian, Armenian.
    const token = await bookingLinkToken(t, visitorBooking);
    const visitorText = await pdfText((await certificate(visitorBooking, { 'x-booking-token': token })).rawPayload);
    for (const fact of ['Certificate of Attendance', 'Lilit Sargsyan', 'Cardiology update', 'on 5 December 2026', '1.5 hours'])
      expect(visitorText).toContain(fact);
    const asked = await pdfText((await certificate(visitorBooking, { 'x-booking-token': token }, '?lang=hy')).rawPayload);
    expect(asked).toContain('Սրտաբանության նորույթներ');
    expect(asked).toContain(siteTextHy['pdf.certificate.title']);
    const bad = await certificate(visitorBooking, { 'x-booking-token': token }, '?lang=de');
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'lang']);
  });
});
