import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { membershipApi } from '../../shared/api/membership';
import { paymentsApi } from '../../shared/api/payments';
import { proceed, registeredMember, registrationForm } from '../testing/membership';
import { createTestApp, type TestApp } from '../testing/test-app';
import { CARD_LIMITS, CARD_PAYMENTS_PAUSED } from './card-brake';

describe('card-testing brake', () => {
  let t: TestApp;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = new Date('2026-11-21T12:00:00Z');
    await t.db.db.deleteFrom('rate_limit_hits').execute();
    await t.db.db.deleteFrom('card_declines').execute();
  });

  const donate = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/donate_proceed',
      payload: { amount: 500, name: null, email: `giver${++n}@example.org` },
      remoteAddress: ip,
    });
  const card = (clientSecret: string, number: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: paymentsApi.testConfirm.path,
      payload: { client_secret: clientSecret, card_number: number, exp_month: 12, exp_year: 2034, cvc: '123' },
      remoteAddress: ip,
    });
  const decline = async (ip: string) => {
    const { clientSecret } = (await donate(ip)).json();
    expect((await card(clientSecret, '4000000000000002', ip)).statusCode).toBe(402);
  };
  const register = (ip: string, tier_index = 0) => proceed(t, registrationForm({ tier_index }), ip);
  const renew = (authorization: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: membershipApi.renewProceed.path,
      headers: { authorization },
      payload: { tier_index: 0 },
      remoteAddress: ip,
    });

  it('counts a payment declined again and again as one declined payment', async () => {
    const { clientSecret } = (await donate('10.60.0.1')).json();
    for (let i = 0; i < 8; i++) expect((await card(clientSecret, '4000000000000002', '10.60.0.1')).statusCode).toBe(402);
    expect(await t.db.db.selectFrom('card_declines').selectAll().execute()).toHaveLength(1);
    expect((await donate('10.60.0.1')).statusCode).toBe(200);
  });

  it(`stops an address after ${CARD_LIMITS.declinesPerAddress} declined payments, on every card path`, async () => {
    const member = await registeredMember(t, { tier_index: 2 });
    const ip = '10.60.1.1';
    // Declines on registrations and donations alike add up.
    for (let i = 0; i < 2; i++) {
      const { client_secret } = (await register(ip)).json();
      expect((await card(client_secret, '4000000000000002', ip)).statusCode).toBe(402);
    }
    for (let i = 0; i < 3; i++) await decline(ip);

    for (const res of [await donate(ip), await register(ip), await renew(member.authorization, ip)]) {
      expect(res.statusCode).toBe(429);
      expect(res.json().detail).toMatch(/Too many payment attempts/);
    }
    // A free registration is no card payment; another address is not held back.
    expect((await register(ip, 2)).statusCode).toBe(200);
    expect((await donate('10.60.1.2')).statusCode).toBe(200);
    // Ten minutes on, the address may try again.
    t.clock.advance(CARD_LIMITS.windowMs + 1000);
    expect((await donate(ip)).statusCode).toBe(200);
  });

  it(`lets one address start ${CARD_LIMITS.startsPerAddress} card payments in 10 minutes, whatever they pay for`, async () => {
    const member = await registeredMember(t, { tier_index: 2 });
    const ip = '2001:db8:60:2::1';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await register(ip)).statusCode);
    for (let i = 0; i < 3; i++) statuses.push((await renew(member.authorization, ip)).statusCode);
    // Another address in the same /64 is the same client.
    for (let i = 0; i < 5; i++) statuses.push((await donate(`2001:db8:60:2::${i + 2}`)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CARD_LIMITS.startsPerAddress);
    expect(statuses.slice(CARD_LIMITS.startsPerAddress)).toEqual([429, 429]);
  });

  it(`lets one address take ${CARD_LIMITS.stepsPerAddress} card steps in 10 minutes`, async () => {
    const { clientSecret } = (await donate('10.60.3.1')).json();
    const statuses: number[] = [];
    for (let i = 0; i < CARD_LIMITS.stepsPerAddress + 2; i++)
      statuses.push((await card(clientSecret, '4000000000009995', '10.60.3.1')).statusCode);
    expect(statuses.filter((s) => s === 402)).toHaveLength(CARD_LIMITS.stepsPerAddress);
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('pauses anonymous card payments site-wide only for declines from many networks', async () => {
    // Four addresses in one office, five declines each: that office, not everyone, is held back.
    for (let a = 1; a <= 4; a++) for (let i = 0; i < 5; i++) await decline(`198.51.100.${a}`);
    expect((await donate('203.0.113.1')).statusCode).toBe(200);

    // Declines from nine more networks: still short of ten distinct networks in all...
    await t.db.db.deleteFrom('card_declines').execute();
    for (let net = 1; net <= 9; net++) for (let i = 0; i < 3; i++) await decline(`10.${70 + net}.0.${i + 1}`);
    expect((await donate('203.0.113.2')).statusCode).toBe(200);
    // ...the tenth network trips it.
    await decline('10.80.0.1');
    const member = await registeredMember(t, { tier_index: 2 });
    const paused = await donate('203.0.113.3');
    expect(paused.statusCode).toBe(429);
    expect(paused.json().detail).toBe(CARD_PAYMENTS_PAUSED);
    expect((await register('203.0.113.4')).statusCode).toBe(429);
    // A signed-in member renewing is no card tester.
    expect((await renew(member.authorization, '203.0.113.5')).statusCode).toBe(200);

    t.clock.advance(CARD_LIMITS.windowMs + 1000);
    expect((await donate('203.0.113.3')).statusCode).toBe(200);
  });
});
