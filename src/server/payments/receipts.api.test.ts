import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberEarlierReceipts } from '../db/migrations/0014-receipt-numbers';
import { createEvent } from '../testing/events';
import { payWithCard, registeredMember, signIn } from '../testing/membership';
import { multipartFile } from '../testing/multipart';
import { createTestApp, type TestApp } from '../testing/test-app';

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

type Listed = { _id: string; kind: string; description: string; receipt_number: string | null; has_receipt: boolean };

/**
 * A receipt carries a short number given once, when the money arrived (R-2026-000123, one series
 * per London year), names what was bought (the event by its title), the address the payment was
 * made with, and the association's logo (decision 104).
 */
describe('receipts', () => {
  let t: TestApp;
  let admin: string;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());

  const call = (authorization: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}), remoteAddress: `10.88.0.${++ip % 250}` });
  const payments = async (authorization: string) =>
    (await call(authorization, 'GET', '/api/account/payments')).json<{ items: Listed[] }>().items;
  const receipt = (authorization: string, id: string) => call(authorization, 'GET', `/api/account/payments/${id}/receipt.pdf`);

  it('numbers each payment once when its money arrives, names the event booked, and keeps the address it was paid with', async () => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const { form, authorization: signedIn } = await registeredMember(t, { first_name: 'Lilit' });
    let authorization = signedIn;
    const eventId = await createEvent(t, admin, {
      title: 'Winter cardiology lecture',
      dated: '2026-12-10T18:30',
      description: 'Talks',
      price_pence: 1500,
      member_price_pence: 1200,
    });
    t.clock.advance(60_000);
    const booked = (await call(authorization, 'POST', `/api/events/${eventId}/book`, {})).json<{ client_secret: string }>();
    expect((await payWithCard(t, booked.client_secret, '4242424242424242')).statusCode).toBe(200);

    const [booking, registration] = await payments(authorization);
    expect(booking).toMatchObject({ kind: 'booking', description: 'Event booking: Winter cardiology lecture', has_receipt: true });
    expect(registration).toMatchObject({ kind: 'registration' });
    expect(registration!.receipt_number).toMatch(/^R-2026-\d{6}$/);
    const serial = (n: string | null) => Number(n!.slice(-6));
    expect(serial(booking!.receipt_number)).toBe(serial(registration!.receipt_number) + 1);

    // The member's address changes afterwards: the receipt keeps the one the payment was made with.
    const member = await t.db.db.selectFrom('users').select('id').where('email', '=', form.email).executeTakeFirstOrThrow();
    expect((await call(admin, 'POST', `/api/admin/members/${member.id}/email`, { email: 'lilit.new@example.org' })).statusCode).toBe(200);
    // The change ended the member's sessions: signed in again, with the new address.
    authorization = `Bearer ${(await signIn(t, 'lilit.new@example.org', form.plain_pw)).json<{ access_token: string }>().access_token}`;

    const first = await receipt(authorization, booking!._id);
    expect(first.statusCode).toBe(200);
    const text = await pdfText(first.rawPayload);
    expect(text).toContain(booking!.receipt_number!);
    expect(text).toContain('Event booking: Winter cardiology lecture');
    expect(text).toContain(form.email);
    expect(text).not.toContain('lilit.new@example.org');
    expect(text).toContain('£12.00');
    // Stable: the same number however often it is downloaded.
    expect(await pdfText((await receipt(authorization, booking!._id)).rawPayload)).toContain(booking!.receipt_number!);
    expect((await payments(authorization)).map((p) => p.receipt_number)).toEqual([booking!.receipt_number, registration!.receipt_number]);
  });

  it('gives ten payments completed at once ten numbers in a row, and starts again at 1 each London year', async () => {
    t.clock.now = new Date('2026-12-31T23:30:00Z');
    const started = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/donate_proceed',
          payload: { amount: 500 + i, name: null, email: `together-${i}@example.org` },
          remoteAddress: `10.89.0.${i + 1}`,
        }),
      ),
    );
    await Promise.all(started.map((res) => payWithCard(t, res.json<{ clientSecret: string }>().clientSecret, '4242424242424242')));
    const numbers = (await t.db.db.selectFrom('payments').select('receipt_number').where('email', 'like', 'together-%').execute()).map(
      (p) => p.receipt_number!,
    );
    const serials = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
    expect(serials.at(-1)! - serials[0]!).toBe(9);
    expect(numbers.every((n) => n.startsWith('R-2026-'))).toBe(true);

    // Midnight in London on New Year's Eve: the next year's first receipt.
    t.clock.now = new Date('2027-01-01T00:05:00Z');
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/donate_proceed',
      payload: { amount: 700, name: null, email: 'new-year@example.org' },
      remoteAddress: '10.89.1.1',
    });
    await payWithCard(t, next.json<{ clientSecret: string }>().clientSecret, '4242424242424242');
    const row = await t.db.db
      .selectFrom('payments')
      .select('receipt_number')
      .where('email', '=', 'new-year@example.org')
      .executeTakeFirstOrThrow();
    expect(row.receipt_number).toBe('R-2027-000001');
  });

  it('numbers the payments made before the numbers existed, in the order their money arrived', async () => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const { authorization } = await registeredMember(t);
    const [paid] = await payments(authorization);
    // As a database from before: no numbers, no counters.
    await t.db.db.updateTable('payments').set({ receipt_number: null }).execute();
    await t.db.db.deleteFrom('receipt_counters').execute();
    await numberEarlierReceipts(t.db.db as unknown as Parameters<typeof numberEarlierReceipts>[0]);
    const all = await t.db.db
      .selectFrom('payments')
      .select(['receipt_number', 'completed_at'])
      .where('completed_at', 'is not', null)
      .orderBy('completed_at')
      .orderBy('id')
      .execute();
    const in2026 = all.filter((p) => p.receipt_number!.startsWith('R-2026-'));
    expect(in2026.map((p) => p.receipt_number)).toEqual(in2026.map((_, i) => `R-2026-${String(i + 1).padStart(6, '0')}`));
    expect((await t.db.db.selectFrom('receipt_counters').selectAll().where('year', '=', 2026).executeTakeFirstOrThrow()).last_number).toBe(
      in2026.length,
    );
    // And the next payment follows on.
    const { authorization: other } = await registeredMember(t);
    const [newest] = await payments(other);
    expect(newest!.receipt_number).toBe(`R-2026-${String(in2026.length + 1).padStart(6, '0')}`);
    expect((await payments(authorization))[0]!._id).toBe(paid!._id);
  });

  it('carries the logo from Settings when it is an uploaded image, else the site mark', async () => {
    const { authorization } = await registeredMember(t);
    const [paid] = await payments(authorization);
    expect((await receipt(authorization, paid!._id)).rawPayload.includes('/Subtype /Image')).toBe(false);
    const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#0b4f6c' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile(png, 'logo.png', 'image/png');
    const upload = await t.app.inject({ method: 'POST', url: '/api/image_upload', payload, headers: { ...headers, authorization: admin } });
    await t.services.siteText.set('logo_url', upload.json<{ url: string }>().url, null);
    expect((await receipt(authorization, paid!._id)).rawPayload.includes('/Subtype /Image')).toBe(true);
    await t.services.siteText.set('logo_url', '', null);
  });
});
