import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PAYMENTS_UNAVAILABLE } from '../../shared/api/payments';
import { ApiError, apiRequest, errorMessage } from './api';
import { readSession, saveSession } from './session';

/** sessionStorage as the browser has it, for these calls outside a browser. */
function fakeSessionStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('apiRequest and the session', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', fakeSessionStorage());
    saveSession({ token: 'tok', username: 'ani@example.org', role: 'member' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a 502 from a proceed call as its plain message and keeps the member signed in', async () => {
    vi.stubGlobal('fetch', answer(502, { detail: PAYMENTS_UNAVAILABLE }));
    const error = await apiRequest('/api/renew_proceed', z.object({}), { method: 'POST', json: { tier_index: 0 } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, 'fallback')).toBe(PAYMENTS_UNAVAILABLE);
    expect(readSession()?.token).toBe('tok');
  });

  it('ends the session on a 401 only', async () => {
    for (const status of [400, 403, 409, 429, 500, 503]) {
      vi.stubGlobal('fetch', answer(status, { detail: 'No' }));
      await apiRequest('/api/member_info', z.object({})).catch(() => undefined);
      expect(readSession(), String(status)).not.toBeNull();
    }
    vi.stubGlobal('fetch', answer(401, { detail: 'Your session has expired. Please sign in again.' }));
    await apiRequest('/api/member_info', z.object({})).catch(() => undefined);
    expect(readSession()).toBeNull();
  });
});
