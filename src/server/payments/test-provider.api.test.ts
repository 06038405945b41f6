import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsApi } from '../../shared/api/payments';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The test provider refuses what Stripe refuses (a past expiry, a security code of the wrong
 * length for the card, a number of the wrong length or checksum) with Stripe's messages, and
 * answers Stripe's test numbers as Stripe does.
 */
describe('the test provider card step', () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A new £5 donation's card step, from a fresh address (the card brake counts per address). */
  const attempt = async (card: { number: string; exp_month?: number | string; exp_year?: number | string; cvc?: string }) => {
    const remoteAddress = `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/donate_proceed',
      payload: { amount: 500, name: null, email: `card-${ip}@example.org` },
      remoteAddress,
    });
    const { clientSecret } = started.json<{ clientSecret: string }>();
    return t.app.inject({
      method: 'POST',
      url: paymentsApi.testConfirm.path,
      payload: {
        client_secret: clientSecret,
        card_number: card.number,
        exp_month: card.exp_month ?? 12,
        exp_year: card.exp_year ?? 34,
        cvc: card.cvc ?? '123',
      },
      remoteAddress,
    });
  };
  const outcome = async (card: Parameters<typeof attempt>[0]) => {
    const res = await attempt(card);
    return res.statusCode === 200 ? 'succeeded' : `${res.statusCode} ${res.json<{ detail: string }>().detail}`;
  };

  it('declines an expiry in the past, and takes one that ends this month (the clock reads November 2026)', async () => {
    expect(await outcome({ number: '4242424242424242', exp_month: 10, exp_year: 26 })).toBe(
      "402 Your card's expiration date is in the past.",
    );
    expect(await outcome({ number: '4242424242424242', exp_month: 12, exp_year: 2025 })).toBe(
      "402 Your card's expiration date is in the past.",
    );
    expect(await outcome({ number: '4242424242424242', exp_month: '11', exp_year: '26' })).toBe('succeeded');
    expect(await outcome({ number: '4242424242424242', exp_month: 1, exp_year: 2090 })).toBe("402 Your card's expiration year is invalid.");
  });

  it('wants the security code of the card: 3 digits, 4 on American Express', async () => {
    expect(await outcome({ number: '4242424242424242', cvc: '1234' })).toBe("402 Your card's security code is incomplete.");
    expect(await outcome({ number: '378282246310005', cvc: '123' })).toBe("402 Your card's security code is incomplete.");
    expect(await outcome({ number: '378282246310005', cvc: '1234' })).toBe('succeeded');
    // Not digits at all is a malformed request, named as such.
    const res = await attempt({ number: '4242424242424242', cvc: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'cvc' });
  });

  it("answers Stripe's test numbers as Stripe does", async () => {
    const cases: [string, string][] = [
      ['4242 4242 4242 4242', 'succeeded'],
      ['4000 0566 5566 5556', 'succeeded'],
      ['5555 5555 5555 4444', 'succeeded'],
      ['2223 0031 2200 3222', 'succeeded'],
      ['6011 1111 1111 1117', 'succeeded'],
      ['4000 0000 0000 0002', '402 Your card was declined.'],
      ['4000 0000 0000 9995', '402 Your card has insufficient funds.'],
      ['4000 0000 0000 0069', '402 Your card has expired.'],
      ['4000 0000 0000 0127', "402 Your card's security code is incorrect."],
      ['4000 0000 0000 0119', '402 An error occurred while processing your card. Try again in a little bit.'],
      ['4242 4242 4242 4241', '402 Your card number is incorrect.'],
      ['4242 4242 4242 424', '402 Your card number is incomplete.'],
      ['4111 1111 1111 1111', '402 Your card was declined. Your request was in test mode, but used a non test card.'],
    ];
    for (const [number, expected] of cases) expect(await outcome({ number }), number).toBe(expected);
  });
});
