import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { CARD_LIMITS } from '../payments/card-brake';
import { createTestApp, type TestApp } from '../testing/test-app';

const STARTS = CARD_LIMITS.cardsPerAddress + 1;

/** One donation start more than one address may make, each from its own forwarded address. */
async function startsFromDifferentAddresses(t: TestApp): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= STARTS; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/donate_proceed',
      headers: { 'x-forwarded-for': `198.18.0.${i}` },
      payload: { amount: 500, name: 'Ani', email: `ani${i}@example.org` },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  let behindProxy: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    // The test requests come from 127.0.0.1, as from a proxy on the same machine.
    behindProxy = await createTestApp({ TRUST_PROXY: 'loopback' });
    direct = await createTestApp();
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  it('counts each visitor behind the named proxy by the address it forwards', async () => {
    expect(await startsFromDifferentAddresses(behindProxy)).toEqual(Array<number>(STARTS).fill(200));
  });

  it('ignores X-Forwarded-For without a trusted proxy, so a client cannot pick its own address', async () => {
    expect((await startsFromDifferentAddresses(direct)).at(-1)).toBe(429);
  });

  it('refuses a hop count, which Fastify would ignore, naming the setting', () => {
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: give the proxy's address/);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});
