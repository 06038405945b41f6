import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredMember } from '../testing/membership';
import { createEvent } from '../testing/events';
import { createTestApp, type TestApp } from '../testing/test-app';
import { PDF_LIMITS } from './pdf-documents';

/** Succeeded payments written straight into the member's history: each has a receipt of its own. */
async function paidReceipts(t: TestApp, email: string, count: number): Promise<string[]> {
  const user = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const ids = Array.from({ length: count }, () => randomUUID());
  await t.db.db
    .insertInto('payments')
    .values(
      ids.map((id, i) => ({
        id,
        kind: 'donation' as const,
        status: 'succeeded',
        amount_pence: 1000 + i,
        provider: 'offline',
        provider_ref: null,
        user_id: user.id,
        email,
        created_at: t.clock.now.toISOString(),
        completed_at: t.clock.now.toISOString(),
        note: `Gift ${i}`,
      })),
    )
    .execute();
  return ids;
}

const receipt = (t: TestApp, authorization: string, id: string, ip = '10.90.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/account/payments/${id}/receipt.pdf`, headers: { authorization }, remoteAddress: ip });

const hits = async (t: TestApp, bucket: string) =>
  Number(
    (
      await t.db.db
        .selectFrom('rate_limit_hits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('bucket', '=', bucket)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('PDFs drawn on their own threads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('draws a certificate downloaded 100 times at once only once, and every download gets the same document', async () => {
    t.clock.now = new Date('2026-12-05T08:00:00Z');
    const admin = (await t.userWithRole('admin')).authorization;
    const eventId = await createEvent(t, admin, {
      title: 'Armenian cardiology',
      dated: '2026-12-05T09:00',
      description: 'Talks',
      cpd_hours: 2,
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/book`,
      payload: { name: 'Արամ Խաչատրյան', email: 'aram-pdf@example.org' },
      remoteAddress: '10.91.0.1',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const bookingId = booked.json<{ booking_id: string }>().booking_id;
    await t.db.db
      .updateTable('event_bookings')
      .set({ status: 'confirmed', confirmed_at: t.clock.now.toISOString() })
      .where('id', '=', bookingId)
      .execute();
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/events/bookings/${bookingId}/attendance`,
      headers: { authorization: admin },
      payload: { attended: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);

    const before = await hits(t, 'pdf-account');
    const token = await t.db.db.selectFrom('outbox').select('text_body').where('to_address', '=', 'aram-pdf@example.org').execute();
    const secret = token.map((m) => new RegExp(`/events/bookings/${bookingId}#([A-Za-z0-9_-]+)`).exec(m.text_body)?.[1]).find(Boolean)!;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: `/api/events/bookings/${bookingId}/certificate.pdf`,
          headers: { 'x-booking-token': secret },
          remoteAddress: `10.92.${Math.floor(i / 200)}.${(i % 200) + 1}`,
        }),
      ),
    );
    expect(
      answers.map((a) => a.statusCode),
      answers[0]!.body,
    ).toEqual(Array(100).fill(200));
    const first = answers[0]!.rawPayload;
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    for (const answer of answers) expect(answer.rawPayload.equals(first)).toBe(true);
    // One drawing: the limits counted it once, and nothing else was asked of the threads.
    expect((await hits(t, 'pdf-account')) - before).toBe(1);
  });

  it('draws a document again only when what it shows has changed', async () => {
    const member = await registeredMember(t);
    const [id] = await paidReceipts(t, member.form.email, 1);
    const before = await hits(t, 'pdf-account');
    const first = await receipt(t, member.authorization, id!);
    const again = await receipt(t, member.authorization, id!);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await hits(t, 'pdf-account')) - before).toBe(1);
    // A refund is shown on the receipt: a new version, drawn once more.
    await t.db.db.updateTable('payments').set({ status: 'partly_refunded', refunded_pence: 500 }).where('id', '=', id!).execute();
    const refunded = await receipt(t, member.authorization, id!);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.rawPayload.equals(first.rawPayload)).toBe(false);
    expect((await hits(t, 'pdf-account')) - before).toBe(2);
  });

  it('limits new drawings per account and per address; copies already drawn still come', async () => {
    const member = await registeredMember(t);
    const ids = await paidReceipts(t, member.form.email, PDF_LIMITS.perAccount + 1);
    for (const [i, id] of ids.entries()) {
      const res = await receipt(t, member.authorization, id, `10.93.1.${i + 1}`);
      expect(res.statusCode, res.body).toBe(i < PDF_LIMITS.perAccount ? 200 : 429);
      if (res.statusCode === 429) {
        expect(res.json().detail).toMatch(/Too many documents/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect((await receipt(t, member.authorization, ids[0]!, '10.93.1.99')).statusCode).toBe(200);

    // One address, several accounts: the address's own budget ends it.
    const perMember = Math.ceil((PDF_LIMITS.perAddress + 1) / (PDF_LIMITS.perAccount - 1));
    const statuses: number[] = [];
    for (let m = 0; m < perMember; m++) {
      const other = await registeredMember(t);
      for (const id of await paidReceipts(t, other.form.email, PDF_LIMITS.perAccount - 1))
        statuses.push((await receipt(t, other.authorization, id, '10.93.2.1')).statusCode);
    }
    expect(statuses.slice(0, PDF_LIMITS.perAddress)).toEqual(Array(PDF_LIMITS.perAddress).fill(200));
    expect(new Set(statuses.slice(PDF_LIMITS.perAddress))).toEqual(new Set([429]));
  });
});

describe('PDFs when the threads are busy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PDF_WORKERS: '1', PDF_QUEUE: '2' });
  });
  afterAll(() => t.close());

  // How many are refused depends on how fast the thread draws; that some are, pdf-pool.test.ts shows.
  it('answers 503 with Retry-After past the queue, never an error, and draws what it took', async () => {
    const member = await registeredMember(t);
    const ids = await paidReceipts(t, member.form.email, 12);
    const answers = await Promise.all(ids.map((id, i) => receipt(t, member.authorization, id, `10.94.0.${i + 1}`)));
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(3);
    for (const busy of answers.filter((a) => a.statusCode === 503)) {
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      expect(busy.json().detail).toMatch(/busy/);
    }
    // Asked again one after another, each is drawn.
    for (const [i, id] of ids.entries()) expect((await receipt(t, member.authorization, id, `10.94.1.${i + 1}`)).statusCode).toBe(200);
  });
});
