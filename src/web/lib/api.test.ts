import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountsApi } from '../../shared/api/accounts';
import { adminApi } from '../../shared/api/admin';
import { articlesApi } from '../../shared/api/articles';
import { siteTextApi } from '../../shared/api/site-text';
import { membershipApi } from '../../shared/api/membership';
import { PAYMENTS_UNAVAILABLE } from '../../shared/api/payments';
import { ApiError, apiRequest, errorFrom, errorMessage, lazyEndpoints } from './api';
import { readSession, saveSession, SESSION_STORAGE_KEY } from './session';

type Call = { url: string; init: RequestInit };

/** fetch answering `body` with `status`, recording each call. */
function answer(status: number, body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  return calls;
}

const article = {
  _id: 'a/b',
  title: 'T',
  dated: '2026-01-01T00:00:00.000Z',
  brief: '',
  categories: [],
  content: '{}',
  is_page: false,
  image: '',
  image_alt: '',
  language: 'en',
  author: null,
};

describe('apiRequest', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('builds the call from the declaration: method, encoded path, query without empty values', async () => {
    const calls = answer(200, article);
    expect(await apiRequest(articlesApi.one, { params: { id: 'a/b' } })).toEqual(article);
    expect(calls[0]).toMatchObject({ url: '/api/articles/a%2Fb', init: { method: 'GET', body: undefined } });

    const list = answer(200, { items: [], total: 0, page: 1, page_size: 25 });
    await apiRequest(adminApi.members, { query: { q: 'ani petros', status: '', page: 2 } });
    expect(list[0]!.url).toBe('/api/admin/members?q=ani+petros&page=2');
  });

  it('sends JSON and form bodies in their declared media types, with the bearer token unless told not to', async () => {
    saveSession({ token: 'tok', username: 'a@example.org', role: 'admin' });
    const json = answer(200, { succeeded: true });
    await apiRequest(siteTextApi.setString, { body: { key: 'k', value: 'v' } });
    const headers = new Headers(json[0]!.init.headers);
    expect(json[0]!.init).toMatchObject({ method: 'POST', body: '{"key":"k","value":"v"}' });
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer tok');

    // A body the server takes either way is sent as JSON.
    const either = answer(200, { tier: { name: 'Students', pence: 0 }, date_effective: '2026-11-21', payment_id: 'p' });
    await apiRequest(membershipApi.registerProceed, { body: { tier_index: 2 } as never, auth: false });
    expect(new Headers(either[0]!.init.headers).get('content-type')).toBe('application/json');

    const form = answer(200, { access_token: 't', token_type: 'bearer', username: 'a@example.org', role: 'member' });
    await apiRequest(accountsApi.token, { body: { username: 'a@example.org', password: 'pw' }, auth: false });
    // A form body is sent as URLSearchParams.
    expect((form[0]!.init.body as URLSearchParams).toString()).toBe('username=a%40example.org&password=pw');
    expect(new Headers(form[0]!.init.headers).get('authorization')).toBeNull();
  });

  it("throws the server's detail and field, and ends the session on a refused token", async () => {
    saveSession({ token: 'old', username: 'a@example.org', role: 'member' });
    answer(401, { detail: 'Your session has expired. Please sign in again.' });
    await expect(apiRequest(siteTextApi.setString, { body: { key: 'k', value: 'v' } })).rejects.toMatchObject({
      status: 401,
      fromServer: true,
    });
    expect(readSession()).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    answer(400, { detail: 'key: Keys are 1 to 100 characters', field: 'key' });
    await expect(apiRequest(siteTextApi.setString, { body: { key: '', value: 'v' } })).rejects.toMatchObject({ status: 400, field: 'key' });

    answer(502, undefined);
    await expect(apiRequest(siteTextApi.stringTable)).rejects.toMatchObject({ status: 502, fromServer: false });
  });

  it('shows a 502 from a proceed call as its plain message and keeps the member signed in; only a 401 ends a session', async () => {
    saveSession({ token: 'tok', username: 'a@example.org', role: 'member' });
    answer(502, { detail: PAYMENTS_UNAVAILABLE });
    const error = await apiRequest(membershipApi.renewProceed, { body: { tier_index: 0 } }).catch((e: unknown) => e);
    expect(errorMessage(error, 'fallback')).toBe(PAYMENTS_UNAVAILABLE);
    for (const status of [400, 403, 409, 429, 500, 502, 503]) {
      answer(status, { detail: 'No' });
      await apiRequest(membershipApi.memberInfo).catch(() => undefined);
      expect(readSession(), String(status)).not.toBeNull();
    }
  });

  it('refuses an answer its response schema does not accept', async () => {
    answer(200, { _id: 'x' });
    const error = await apiRequest(articlesApi.one, { params: { id: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, detail: 'Unexpected answer from the server', fromServer: false });
  });

  it('takes a loader of the declaration, loads it at the call, and still parses the answer with its schema', async () => {
    const loads: string[] = [];
    const lazyArticles = lazyEndpoints(async () => {
      loads.push('articles');
      return articlesApi;
    });
    expect(loads).toEqual([]);
    const calls = answer(200, article);
    expect(await apiRequest(lazyArticles.one, { params: { id: 'a/b' } })).toEqual(article);
    expect(loads).toEqual(['articles']);
    expect(calls[0]).toMatchObject({ url: '/api/articles/a%2Fb', init: { method: 'GET' } });

    answer(200, { _id: 'x' });
    await expect(apiRequest(lazyArticles.one, { params: { id: 'x' } })).rejects.toMatchObject({
      detail: 'Unexpected answer from the server',
    });

    // A declaration that fails to load (offline) fails the call; nothing is sent.
    const none = answer(200, article);
    const unreachable = lazyEndpoints<typeof articlesApi>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(apiRequest(unreachable.one, { params: { id: 'x' } })).rejects.toThrow(/dynamically imported/);
    expect(none).toEqual([]);
  });

  it('reads an error answer by the contract: a text detail, and a field only when it is text', () => {
    expect(errorFrom(400, { detail: 'Bad', field: 'key' })).toMatchObject({ detail: 'Bad', field: 'key', fromServer: true });
    expect(errorFrom(404, { detail: 'Gone', extra: 1 })).toMatchObject({ detail: 'Gone', field: undefined, fromServer: true });
    for (const body of [undefined, null, 'text', [], { detail: 1 }, { detail: 'x', field: 2 }]) {
      expect(errorFrom(500, body), JSON.stringify(body)).toMatchObject({ detail: 'Request failed with status 500', fromServer: false });
    }
  });

  it('is typed by the declaration', () => {
    answer(200, {});
    // Each line below fails to compile without its expectation; the calls themselves are never awaited.
    const never = () => {
      // @ts-expect-error the path parameter is required
      void apiRequest(adminApi.member);
      // @ts-expect-error the body must match the request schema
      void apiRequest(siteTextApi.setString, { body: { key: 1 } });
      // @ts-expect-error a call without a body takes none
      void apiRequest(siteTextApi.stringTable, { body: {} });
      const lazyAdmin = lazyEndpoints(async () => adminApi);
      // @ts-expect-error a loaded declaration is typed the same: the path parameter is required
      void apiRequest(lazyAdmin.member);
      // @ts-expect-error only declared endpoints can be named
      void lazyAdmin.nothing;
    };
    expect(never).toBeTypeOf('function');
  });
});
