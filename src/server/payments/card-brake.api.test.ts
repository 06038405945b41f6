import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { membershipApi } from '../../shared/api/membership';
import { paymentsApi } from '../../shared/api/payments';
import { createEvent } from '../testing/events';
import { proceed, registeredMember, registrationForm } from '../testing/membership';
import { createTestApp, type TestApp } from '../testing/test-app';
import { CARD_LIMITS, CARD_PAYMENTS_PAUSED } from './card-brake';

const DECLINED = '4000000000000002';
const GOOD = '4242424242424242';

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
    await t.db.db.deleteFrom('card_checks').execute();
  });

  const donate = (ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/donate_proceed',
      payload: { amount: 500, name: null, email: `giver${++n}@example.org` },
      remoteAddress: ip,
      headers,
    });
  const card = (clientSecret: string, number: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: paymentsApi.testConfirm.path,
      payload: { client_secret: clientSecret, card_number: number, exp_month: 12, exp_year: 2034, cvc: '123' },
      remoteAddress: ip,
    });
  /** A donation started and paid with `number` from `ip`: 200 (charged), 402 (declined), or the refusal. */
  const donateWith = async (ip: string, number: string) => {
    const started = await donate(ip);
    if (started.statusCode !== 200) return started.statusCode;
    return (await card(started.json().clientSecret, number, ip)).statusCode;
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
  const bookPaid = async (ip: string) => {
    const admin = (await t.userWithRole('admin')).authorization;
    const eventId = await createEvent(t, admin, { title: 'Paid talk', dated: '2026-12-20T18:00', description: 'Talk', price_pence: 1500 });
    return t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/book`,
      payload: { name: 'Booker', email: `booker${++n}@example.org` },
      remoteAddress: ip,
    });
  };
  const solved = async (): Promise<string> => {
    const challenge = (await t.app.inject({ method: 'GET', url: paymentsApi.cardCheck.path })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it(`lets ${CARD_LIMITS.cardsPerAddress} cards from one address reach the provider, each card tried on one payment counting`, async () => {
    const ip = '10.60.0.1';
    const { clientSecret } = (await donate(ip)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await card(clientSecret, DECLINED, ip)).statusCode);
    expect(statuses).toEqual([...Array(CARD_LIMITS.cardsPerAddress).fill(402), 429, 429, 429]);
    expect(await t.db.db.selectFrom('card_checks').selectAll().execute()).toHaveLength(CARD_LIMITS.cardsPerAddress);
    const next = await donate(ip);
    expect(next.statusCode).toBe(429);
    expect(next.json().detail).toMatch(/Too many payment attempts/);
    // Ten minutes on, the address may try again.
    t.clock.advance(CARD_LIMITS.windowMs + 1000);
    expect((await donate(ip)).statusCode).toBe(200);
  });

  it('counts cards that were charged as well as declined ones', async () => {
    const ip = '10.60.1.1';
    const outcomes: number[] = [];
    for (let i = 0; i < 3; i++) outcomes.push(await donateWith(ip, GOOD));
    for (let i = 0; i < 2; i++) outcomes.push(await donateWith(ip, DECLINED));
    expect(outcomes).toEqual([200, 200, 200, 402, 402]);
    expect(await donateWith(ip, GOOD)).toBe(429);
    const checks = await t.db.db.selectFrom('card_checks').select(['outcome', 'address']).execute();
    expect(checks.map((c) => c.outcome).sort()).toEqual(['declined', 'declined', 'succeeded', 'succeeded', 'succeeded']);
    expect(new Set(checks.map((c) => c.address))).toEqual(new Set([ip]));
  });

  it('holds one budget across every card path: joining, renewing, donating and booking a paid place', async () => {
    const member = await registeredMember(t, { tier_index: 2 });
    const ip = '10.60.2.1';
    const statuses = [
      (await register(ip)).statusCode,
      (await renew(member.authorization, ip)).statusCode,
      (await donate(ip)).statusCode,
      (await bookPaid(ip)).statusCode,
      (await bookPaid(ip)).statusCode,
      // The sixth card, on whichever path:
      (await bookPaid(ip)).statusCode,
      (await donate(ip)).statusCode,
      (await register(ip)).statusCode,
      (await renew(member.authorization, ip)).statusCode,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429]);
    // A free registration is no card payment; another address is not held back.
    expect((await register(ip, 2)).statusCode).toBe(200);
    expect((await donate('10.60.2.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /48: 65,536 /64s are one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CARD_LIMITS.cardsPerAddress + 2; i++)
      statuses.push((await donate(`2001:db8:60:${(i * 4099).toString(16)}::1`)).statusCode);
    expect(statuses).toEqual([...Array(CARD_LIMITS.cardsPerAddress).fill(200), 429, 429]);
    expect((await donate('2001:db8:61::1')).statusCode).toBe(200);
  });

  it(`pauses anonymous card payments only for declines from ${CARD_LIMITS.siteNetworks} networks, and lets through members and whoever solves the check`, async () => {
    const member = await registeredMember(t, { tier_index: 2 });
    const admin = (await t.userWithRole('admin')).authorization;
    const pause = async () =>
      (await t.app.inject({ method: 'GET', url: paymentsApi.cardPause.path, headers: { authorization: admin } })).json();
    const perNetwork = Math.ceil(CARD_LIMITS.siteDeclines / CARD_LIMITS.siteNetworks);
    // One host with a routed /48 and a handful of IPv4 networks: no pause, whatever they decline.
    for (let i = 0; i < 5; i++) await donateWith(`2001:db8:70:${i}::1`, DECLINED);
    // With the /48, one network short of the pause.
    for (let net = 1; net < CARD_LIMITS.siteNetworks - 1; net++)
      for (let i = 0; i < perNetwork; i++) expect(await donateWith(`10.${70 + net}.0.${i + 1}`, DECLINED)).toBe(402);
    expect((await pause()).paused).toBe(false);
    expect((await donate('203.0.113.1')).statusCode).toBe(200);

    // The last network it needs trips it.
    for (let i = 0; i < perNetwork; i++) await donateWith(`10.99.0.${i + 1}`, DECLINED);
    expect(await pause()).toMatchObject({ paused: true, networks: CARD_LIMITS.siteNetworks });
    const paused = await donate('203.0.113.3');
    expect(paused.statusCode).toBe(429);
    expect(paused.json().detail).toBe(CARD_PAYMENTS_PAUSED);
    expect(paused.headers['x-card-check']).toBe('required');
    expect((await register('203.0.113.4')).statusCode).toBe(429);
    expect((await bookPaid('203.0.113.5')).statusCode).toBe(429);
    // A signed-in member renewing is no card tester.
    expect((await renew(member.authorization, '203.0.113.6')).statusCode).toBe(200);
    // A visitor whose browser solved the check goes on, once per solution; a made-up one does not.
    const proof = await solved();
    expect((await donate('203.0.113.7', { 'x-card-check': proof })).statusCode).toBe(200);
    expect((await donate('203.0.113.8', { 'x-card-check': proof })).statusCode).toBe(429);
    expect((await donate('203.0.113.9', { 'x-card-check': 'bm90IGEgcHJvb2Y=' })).statusCode).toBe(429);
    const tampered = JSON.parse(Buffer.from(await solved(), 'base64').toString());
    tampered.solution.counter += 1;
    expect((await donate('203.0.113.10', { 'x-card-check': Buffer.from(JSON.stringify(tampered)).toString('base64') })).statusCode).toBe(
      429,
    );
    expect((await register('203.0.113.11', 0)).statusCode).toBe(429);
    expect((await proceed(t, registrationForm({ tier_index: 0 }), '203.0.113.12')).statusCode).toBe(429);

    // The admin is told; nobody else may ask.
    expect((await t.app.inject({ method: 'GET', url: paymentsApi.cardPause.path })).statusCode).toBe(401);
    t.clock.advance(CARD_LIMITS.windowMs + 1000);
    expect((await pause()).paused).toBe(false);
    expect((await donate('203.0.113.3')).statusCode).toBe(200);
  });
});
