import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxFor, payWithCard, registeredMember, signIn } from '../../testing/membership';
import { stripeTestApp, stripeWebhooks } from '../../testing/stripe-webhooks';
import { bookAndConfirm, createEvent } from '../../testing/events';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CANCELLED_INTENT } from '../../integrations/payments/test-provider';

/** Holds that lapse, the waitlist, and cancelling with or without a refund (test provider and Stripe's stand-in). */
function bookingHelpers(get: () => TestApp) {
  let addresses = 0;
  const nextAddress = () => `10.17.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;
  return {
    async newEvent(fields: Record<string, unknown> = {}) {
      const admin = (await get().userWithRole('admin')).authorization;
      return createEvent(get(), admin, { title: 'Grand rounds', dated: '2026-12-05T18:30', description: '', ...fields });
    },
    book: (eventId: string, payload: object, authorization?: string) =>
      bookAndConfirm(get(), eventId, payload, { ip: nextAddress(), authorization }),
    /** The booking's id and secret, from the newest mail to the address, as its reader would follow the link. */
    async link(email: string) {
      const mail = (await outboxFor(get(), email)).at(-1)!;
      const [, id, token] = /\/events\/bookings\/([0-9a-f-]{36})#([A-Za-z0-9_-]+)/.exec(mail.text_body)!;
      return { id: id!, token: token!, kind: mail.kind };
    },
    status: async (id: string) =>
      (await get().db.db.selectFrom('event_bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
    placesLeft: async (eventId: string) =>
      (await get().app.inject({ method: 'GET', url: `/api/events/${eventId}` })).json().places_left as number,
    cancel: (id: string, payload: object, authorization?: string) =>
      get().app.inject({
        method: 'POST',
        url: `/api/events/bookings/${id}/cancel`,
        payload,
        headers: authorization ? { authorization } : {},
      }),
  };
}

describe('holds, the waitlist and cancelling', () => {
  let t: TestApp;
  const h = bookingHelpers(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  it('frees an unpaid hold after 30 minutes and offers it to the first on the waitlist for 48 hours, then the next', async () => {
    const id = await h.newEvent({ capacity: 1, member_price_pence: 2000, price_pence: 2000 });
    const holder = (await h.book(id, { name: 'Holder', email: 'holder@example.org' })).json();
    expect(holder.status).toBe('payment_required');
    for (const who of ['first', 'second']) {
      // One after the other: the waitlist is first come, first served.
      t.clock.advance(1000);
      expect((await h.book(id, { name: who, email: `${who}@example.org` })).json().status).toBe('waitlisted');
    }

    t.clock.advance(29 * 60 * 1000 - 2000);
    expect(await t.services.bookings.expireLapsed()).toBe(0);
    t.clock.advance(2 * 60 * 1000);
    expect(await t.services.bookings.expireLapsed()).toBe(1);
    expect(await h.status(holder.booking_id)).toBe('expired');
    expect(await h.placesLeft(id)).toBe(0);
    const first = await h.link('first@example.org');
    expect(first.kind).toBe('booking-offer');
    expect(await h.status(first.id)).toBe('offered');
    expect((await outboxFor(t, 'second@example.org')).map((m) => m.kind)).toEqual(['booking-waitlisted']);
    // The lapsed holder's card step no longer takes money for a place they do not have: its payment was cancelled.
    const late = await payWithCard(t, holder.client_secret, '4242 4242 4242 4242');
    expect(late.statusCode).toBe(402);
    expect(late.json()).toEqual({ detail: CANCELLED_INTENT });
    const lapsed = await t.db.db.selectFrom('event_bookings').selectAll().where('id', '=', holder.booking_id).executeTakeFirstOrThrow();
    expect(lapsed).toMatchObject({ status: 'expired', refund_due_pence: 0 });
    const cancelled = await t.db.db.selectFrom('payments').selectAll().where('id', '=', lapsed.payment_id!).executeTakeFirstOrThrow();
    expect(cancelled).toMatchObject({ status: 'canceled', refunded_pence: 0 });
    // Not a declined card: the brake counts nothing against the holder.
    expect(await t.db.db.selectFrom('card_checks').selectAll().where('outcome', '=', 'declined').execute()).toEqual([]);

    // The offer lapses after 48 hours and goes to the next person.
    t.clock.advance(48 * 60 * 60 * 1000 + 60_000);
    expect(await t.services.bookings.expireLapsed()).toBe(1);
    expect(await h.status(first.id)).toBe('expired');
    const take = (who: { id: string; token: string }, token = who.token) =>
      t.app.inject({ method: 'POST', url: `/api/events/bookings/${who.id}/take`, payload: { token } });
    expect((await take(first)).statusCode).toBe(409);
    const second = await h.link('second@example.org');
    expect(second.kind).toBe('booking-offer');
    expect((await take(second, 'wrong-token')).statusCode).toBe(404);
    const taken = (await take(second)).json();
    expect(taken).toMatchObject({ status: 'payment_required', amount_pence: 2000 });
    expect((await payWithCard(t, taken.client_secret, '4242 4242 4242 4242')).statusCode).toBe(200);
    expect(await h.status(second.id)).toBe('confirmed');
    expect(await h.placesLeft(id)).toBe(0);
  });

  it('keeps a held place whose card was charged though the browser never settled', async () => {
    const id = await h.newEvent({ capacity: 1, member_price_pence: 500, price_pence: 500 });
    const held = (await h.book(id, { name: 'Quiet', email: 'quiet@example.org' })).json();
    // The test provider charges the intent as Stripe would, without the settle call the browser makes.
    await t.services.testPayments!.confirm(held.client_secret, {
      method: 'card',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    t.clock.advance(31 * 60 * 1000);
    await t.services.bookings.expireLapsed();
    expect(await h.status(held.booking_id)).toBe('confirmed');
  });

  it('lets the attendee see and cancel by the link, offers the place on, and refunds before the cut-off only', async () => {
    const id = await h.newEvent({ capacity: 1, member_price_pence: 3000, price_pence: 3000, online_url: 'https://meet.example.org/x' });
    const paid = (await h.book(id, { name: 'Payer', email: 'payer@example.org' })).json();
    await payWithCard(t, paid.client_secret, '4242 4242 4242 4242');
    await h.book(id, { name: 'Next', email: 'next@example.org' });
    const mine = await h.link('payer@example.org');
    const view = (token?: string) =>
      t.app.inject({ method: 'GET', url: `/api/events/bookings/${mine.id}`, headers: token ? { 'x-booking-token': token } : {} });
    expect((await view()).statusCode).toBe(404);
    expect((await view('x'.repeat(43))).statusCode).toBe(404);
    expect((await view(mine.token)).json()).toMatchObject({
      status: 'confirmed',
      online_url: 'https://meet.example.org/x',
      can_cancel: true,
      refund_on_cancel: true,
      event: { title: 'Grand rounds' },
    });
    expect((await h.cancel(mine.id, {})).statusCode).toBe(404);
    const cancelled = await h.cancel(mine.id, { token: mine.token });
    expect(cancelled.json()).toEqual({ status: 'cancelled', refunded_pence: 3000 });
    // Again: nothing more happens.
    expect((await h.cancel(mine.id, { token: mine.token })).json()).toEqual({ status: 'cancelled', refunded_pence: 3000 });
    const payment = await t.db.db.selectFrom('payments').selectAll().where('reference_id', '=', mine.id).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'refunded', refunded_pence: 3000 });
    expect((await outboxFor(t, 'payer@example.org')).map((m) => m.kind)).toEqual(['booking-confirmed', 'booking-cancelled']);
    expect((await h.link('next@example.org')).kind).toBe('booking-offer');

    // After the cut-off (7 days before): cancelled, not refunded.
    const late = await h.newEvent({ member_price_pence: 1000, price_pence: 1000 });
    const lateBooking = (await h.book(late, { name: 'Late', email: 'late@example.org' })).json();
    await payWithCard(t, lateBooking.client_secret, '4242 4242 4242 4242');
    t.clock.now = new Date('2026-11-28T18:31:00Z');
    const lateLink = await h.link('late@example.org');
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/api/events/bookings/${lateLink.id}`, headers: { 'x-booking-token': lateLink.token } })
      ).json(),
    ).toMatchObject({
      refund_on_cancel: false,
    });
    expect((await h.cancel(lateLink.id, { token: lateLink.token })).json()).toEqual({ status: 'cancelled', refunded_pence: 0 });
    expect((await outboxFor(t, 'late@example.org')).at(-1)!.text_body).toMatch(/after the refund cut-off/);
  });

  it('lets a signed-in member cancel their own booking without the link, and nobody else', async () => {
    const id = await h.newEvent();
    const member = await registeredMember(t);
    const other = await registeredMember(t);
    const booked = (await h.book(id, {}, member.authorization)).json();
    expect((await h.cancel(booked.booking_id, {}, other.authorization)).statusCode).toBe(404);
    expect((await h.cancel(booked.booking_id, {}, member.authorization)).json()).toEqual({ status: 'cancelled', refunded_pence: 0 });
    // Cancelled, the e-mail may book again.
    const again = (await h.book(id, {}, member.authorization)).json();
    expect(again.status).toBe('confirmed');
    // My Profile lists both, upcoming soonest first, then the past latest first.
    const past = await h.newEvent({ dated: '2026-11-21T12:30' });
    const pastBooking = (await h.book(past, {}, member.authorization)).json();
    t.clock.now = new Date('2026-11-23T12:00:00Z');
    const token = (await signIn(t, member.form.email, member.form.plain_pw)).json().access_token as string;
    const mine = await t.app.inject({ method: 'GET', url: '/api/account/bookings', headers: { authorization: `Bearer ${token}` } });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(
      mine
        .json()
        .map((b: { _id: string; status: string; upcoming: boolean; can_cancel: boolean }) => [b._id, b.status, b.upcoming, b.can_cancel]),
    ).toEqual([
      [booked.booking_id, 'cancelled', true, false],
      [again.booking_id, 'confirmed', true, true],
      [pastBooking.booking_id, 'confirmed', false, false],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/bookings' })).statusCode).toBe(401);
  });

  it('offers the places a larger capacity frees to the waitlist in order, each once, and none once booking has closed', async () => {
    const fields = { title: 'Grand rounds', dated: '2026-12-05T18:30', description: '', capacity: 1 };
    const id = await h.newEvent(fields);
    const admin = (await t.userWithRole('admin')).authorization;
    const update = (changes: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/update_event',
        headers: { authorization: admin },
        payload: { _id: id, ...fields, ...changes },
      });
    const waiting: string[] = [];
    for (const who of ['seated', 'w1', 'w2', 'w3', 'w4']) {
      t.clock.advance(1000);
      const booked = (await h.book(id, { name: who, email: `${who}@example.org` })).json();
      if (who !== 'seated') waiting.push(booked.booking_id);
    }
    expect(await Promise.all(waiting.map(h.status))).toEqual(['waitlisted', 'waitlisted', 'waitlisted', 'waitlisted']);

    // Two admins save a capacity of 3 at once: two places, two offers, to the first two.
    const saved = await Promise.all([update({ capacity: 3 }), update({ capacity: 3 })]);
    expect(saved.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await Promise.all(waiting.map(h.status))).toEqual(['offered', 'offered', 'waitlisted', 'waitlisted']);
    expect(await h.placesLeft(id)).toBe(0);
    expect((await h.link('w1@example.org')).kind).toBe('booking-offer');
    expect((await outboxFor(t, 'w2@example.org')).map((m) => m.kind)).toEqual([
      'booking-unconfirmed',
      'booking-waitlisted',
      'booking-offer',
    ]);
    // Saving again, or the scheduled jobs, find no free place: nobody is offered twice.
    expect((await update({ capacity: 3 })).statusCode).toBe(200);
    expect(await t.services.bookings.offerFreePlaces()).toBe(0);
    expect((await outboxFor(t, 'w3@example.org')).map((m) => m.kind)).toEqual(['booking-unconfirmed', 'booking-waitlisted']);

    // Booking closed: a place freed by a larger capacity goes to nobody.
    expect((await update({ capacity: 4, booking_closes: '2026-11-20T09:00' })).statusCode).toBe(200);
    expect(await Promise.all(waiting.map(h.status))).toEqual(['offered', 'offered', 'waitlisted', 'waitlisted']);
    // Open again without a limit: everyone still waiting is offered a place.
    expect((await update({ capacity: null })).statusCode).toBe(200);
    expect(await Promise.all(waiting.map(h.status))).toEqual(['offered', 'offered', 'offered', 'offered']);
  });
});

describe('refunds through Stripe', () => {
  let stripe: Awaited<ReturnType<typeof stripeTestApp>>;
  let t: TestApp;
  const h = bookingHelpers(() => t);
  beforeAll(async () => {
    stripe = await stripeTestApp();
    t = stripe.t;
  });
  afterAll(() => stripe.close());

  it('refunds a cancelled booking through Stripe once, and retries a refund Stripe failed', async () => {
    const id = await h.newEvent({ member_price_pence: 4500, price_pence: 4500 });
    const booked = (await h.book(id, { name: 'Card', email: 'card@example.org' })).json();
    const intentId = (booked.client_secret as string).split('_secret_')[0]!;
    stripe.standIn.succeed(intentId);
    await t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: booked.client_secret } });
    const { id: bookingId, token } = await h.link('card@example.org');

    stripe.standIn.fail(500);
    const failed = await h.cancel(bookingId, { token });
    expect(failed.statusCode).toBe(502);
    expect(await h.status(bookingId)).toBe('cancelled');
    expect(stripe.standIn.refunds).toHaveLength(0);
    stripe.standIn.recover();
    expect(await t.services.bookings.retryRefunds()).toBe(1);
    expect(await t.services.bookings.retryRefunds()).toBe(0);
    expect((await h.cancel(bookingId, { token })).json()).toEqual({ status: 'cancelled', refunded_pence: 4500 });
    expect(stripe.standIn.refunds).toEqual([expect.objectContaining({ amount: 4500, payment_intent: intentId })]);
    const keys = stripe.standIn.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`refund-booking-${bookingId}`]));
    const payment = await t.db.db.selectFrom('payments').selectAll().where('reference_id', '=', bookingId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'refunded', refunded_pence: 4500 });
  });

  const paymentOf = (bookingId: string) =>
    t.db.db.selectFrom('payments').selectAll().where('reference_id', '=', bookingId).executeTakeFirstOrThrow();
  const settle = (clientSecret: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: clientSecret } });

  it('cancels the card payment of a lapsed hold with Stripe, so a late card step takes nothing', async () => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const id = await h.newEvent({ capacity: 1, member_price_pence: 3000, price_pence: 3000 });
    const held = (await h.book(id, { name: 'Slow', email: 'slow@example.org' })).json();
    const intentId = (held.client_secret as string).split('_secret_')[0]!;
    t.clock.advance(31 * 60 * 1000);
    expect(await t.services.bookings.expireLapsed()).toBe(1);
    expect(stripe.standIn.intents.get(intentId)!.status).toBe('canceled');
    expect(await paymentOf(held.booking_id)).toMatchObject({ status: 'canceled' });
    // Stripe refuses the card step of a cancelled intent; settling finds nothing to fulfil.
    expect(() => stripe.standIn.succeed(intentId)).toThrow(/cancelled/);
    expect((await settle(held.client_secret)).json()).toEqual({ status: 'canceled' });
    expect(await h.placesLeft(id)).toBe(1);
  });

  for (const [how, meanwhile] of [
    ['Stripe could not be reached when the hold lapsed', 'outage'],
    ['the card step was still processing when the hold lapsed', 'processing'],
  ] as const) {
    it(`refunds at once, and tells the payer why, a payment that arrives late because ${how}`, async () => {
      t.clock.now = new Date('2026-11-21T12:00:00Z');
      const id = await h.newEvent({ capacity: 1, member_price_pence: 2500, price_pence: 2500 });
      // The second payer books on the Armenian page: told in Armenian (decision 191).
      const armenian = meanwhile === 'processing';
      const held = (
        await h.book(id, { name: 'Ani Late', email: `late-${meanwhile}@example.org`, ...(armenian ? { language: 'hy' } : {}) })
      ).json();
      const intentId = (held.client_secret as string).split('_secret_')[0]!;
      t.clock.advance(31 * 60 * 1000);
      if (meanwhile === 'outage') stripe.standIn.fail(500);
      else stripe.standIn.intents.get(intentId)!.status = 'processing';
      expect(await t.services.bookings.expireLapsed()).toBe(1);
      stripe.standIn.recover();
      expect(await h.status(held.booking_id)).toBe('expired');
      // Someone else takes the freed place.
      expect((await h.book(id, { name: 'Next', email: `next-${meanwhile}@example.org` })).json().status).toBe('payment_required');

      // The card step completes after all; the browser settles (the webhook would do the same).
      stripe.standIn.succeed(intentId);
      expect((await settle(held.client_secret)).json()).toEqual({ status: 'succeeded' });
      expect(stripe.standIn.refunds).toContainEqual(expect.objectContaining({ amount: 2500, payment_intent: intentId }));
      expect(await paymentOf(held.booking_id)).toMatchObject({ status: 'refunded', refunded_pence: 2500 });
      expect(await t.db.db.selectFrom('event_bookings').selectAll().where('id', '=', held.booking_id).executeTakeFirst()).toMatchObject({
        status: 'expired',
        refunded_pence: 2500,
        refund_due_pence: 0,
      });
      const mail = (await outboxFor(t, `late-${meanwhile}@example.org`)).filter((m) => m.kind === 'booking-payment-refunded');
      expect(mail).toHaveLength(1);
      if (armenian) {
        expect(mail[0]!.subject).toBe('Վճարումը վերադարձված է՝ Grand rounds');
        expect(mail[0]!.text_body).toContain('այն 30 րոպեից հետո');
        expect(mail[0]!.text_body).toContain('Մենք ամբողջությամբ վերադարձնում ենք 25,00\u00a0£ գումարը');
        expect(mail[0]!.text_body).toMatch(/http:\/\/localhost:8000\/hy\/events\/[0-9a-f-]{36}/);
        expect(mail[0]!.html_body).toContain('<html lang="hy">');
      } else {
        expect(mail[0]!.subject).toBe('Payment refunded: Grand rounds');
        expect(mail[0]!.text_body).toMatch(/after the 30 minutes we hold a place for payment/);
        expect(mail[0]!.text_body).toMatch(/refunding the £25\.00 in full/);
      }

      // Settling again, or Stripe's webhook arriving too, refunds nothing more and mails nothing more.
      await settle(held.client_secret);
      await stripeWebhooks(t).send('payment_intent.succeeded', { id: intentId, object: 'payment_intent' });
      expect(stripe.standIn.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
      expect((await outboxFor(t, `late-${meanwhile}@example.org`)).filter((m) => m.kind === 'booking-payment-refunded')).toHaveLength(1);
      expect(await h.placesLeft(id)).toBe(0);
    });
  }

  it('leaves a late refund Stripe refused to the scheduled jobs, the mail sent once', async () => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    const id = await h.newEvent({ member_price_pence: 1500, price_pence: 1500 });
    const held = (await h.book(id, { name: 'Retry', email: 'late-retry@example.org' })).json();
    const intentId = (held.client_secret as string).split('_secret_')[0]!;
    // The admin cancels the booking while its card form is open; Stripe is away, so the intent stays open.
    const bookingId = held.booking_id as string;
    stripe.standIn.fail(500);
    await t.services.bookings.cancel(bookingId, {}, { refund: false, record: async () => {} });
    stripe.standIn.recover();
    stripe.standIn.succeed(intentId);
    stripe.standIn.fail(500);
    await t.services.paymentEvents.handle({ id: 'evt_late_retry', type: 'payment_intent.succeeded', kind: 'succeeded', intentId });
    stripe.standIn.recover();
    expect(
      await t.db.db.selectFrom('event_bookings').select(['status', 'refund_due_pence']).where('id', '=', bookingId).executeTakeFirst(),
    ).toEqual({
      status: 'cancelled',
      refund_due_pence: 1500,
    });
    const mail = (await outboxFor(t, 'late-retry@example.org')).filter((m) => m.kind === 'booking-payment-refunded');
    expect(mail.map((m) => m.text_body.match(/after the booking had been cancelled/) !== null)).toEqual([true]);
    expect(await t.services.bookings.retryRefunds()).toBe(1);
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'refunded', refunded_pence: 1500 });
  });
});
