import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { donationsApi } from '../../shared/api/donations';
import { apiRequest } from './api';

const SECRET = 'a server secret for the test';
const PAUSED = 'Card payments are paused for a few minutes because of unusual activity. Please try again later.';

describe('the card check while card payments are paused', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('solves the server’s challenge and sends the payment again with the solution, once', async () => {
    const challenge = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 2_000, deriveKey, hmacSignatureSecret: SECRET });
    const calls: { url: string; check: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const check = new Headers(init.headers).get('x-card-check');
      calls.push({ url, check });
      if (url === '/api/payments/card_check') return new Response(JSON.stringify(challenge), { status: 200 });
      if (!check) return new Response(JSON.stringify({ detail: PAUSED }), { status: 429, headers: { 'x-card-check': 'required' } });
      const proof = JSON.parse(atob(check)) as { challenge: Challenge; solution: Solution };
      const { verified } = await verifySolution({ ...proof, deriveKey, hmacSignatureSecret: SECRET });
      return verified
        ? new Response(JSON.stringify({ clientSecret: 'pi_1_secret_2', amount: 500, payment_id: 'p1' }), { status: 200 })
        : new Response(JSON.stringify({ detail: PAUSED }), { status: 429 });
    });
    const answer = await apiRequest(donationsApi.proceed, { body: { amount: 500, name: null, email: 'giver@example.org' } });
    expect(answer).toMatchObject({ clientSecret: 'pi_1_secret_2' });
    expect(calls.map((c) => [c.url, Boolean(c.check)])).toEqual([
      ['/api/donate_proceed', false],
      ['/api/payments/card_check', false],
      ['/api/donate_proceed', true],
    ]);
  });

  it('shows the pause as it is when the server asks for no check (or refuses the solution)', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ detail: PAUSED }), { status: 429 }));
    await expect(apiRequest(donationsApi.proceed, { body: { amount: 500, name: null, email: 'giver@example.org' } })).rejects.toMatchObject(
      {
        status: 429,
        detail: PAUSED,
      },
    );
  });
});
