import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/api/accounts';
import { createTestApp, type TestApp } from '../testing/test-app';
import Fastify from 'fastify';
import { allows, installAuth, policies } from './auth';

/**
 * Walks every registered route and checks that each kind of caller gets exactly the access its
 * declared policy gives: 401 without a token, 403 with too little role, and through otherwise.
 */
describe('route policies', () => {
  let t: TestApp;
  const headers: Record<'anonymous' | Role, Record<string, string>> = { anonymous: {}, member: {}, editor: {}, admin: {} };

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['member', 'editor', 'admin'] as const) {
      headers[role] = { authorization: (await t.userWithRole(role)).authorization };
    }
  });
  afterAll(() => t.close());

  it('knows every API route and its policy', () => {
    const routes = t.app.registeredRoutes.map(({ method, url, policy }) => ({ method, url, policy }));
    expect(routes.length).toBeGreaterThan(4);
    for (const route of routes) expect(policies).toContain(route.policy);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/set_string', policy: 'admin' });
    expect(routes).toContainEqual({ method: 'POST', url: '/api/token', policy: 'public' });
    // The back office is the admin's alone, whoever adds a call to it; editors also write and send newsletters (decision 120).
    const writers = routes.filter((route) => route.url.startsWith('/api/admin/newsletters'));
    const backOffice = routes.filter((route) => route.url.startsWith('/api/admin/') && !writers.includes(route));
    expect(backOffice.length).toBeGreaterThan(10);
    for (const route of backOffice) expect(route, route.url).toMatchObject({ policy: 'admin' });
    expect(writers.length).toBe(9);
    for (const route of writers) expect(route, route.url).toMatchObject({ policy: 'editor' });
  });

  it('gives each caller exactly the declared access', async () => {
    // Signing out ends the caller's token, so it is walked last.
    const signOutLast = [...t.app.registeredRoutes].sort((a, b) => Number(a.url === '/api/sign_out') - Number(b.url === '/api/sign_out'));
    for (const route of signOutLast) {
      const url = route.url.replace(/:[a-zA-Z_]+/g, 'x');
      for (const caller of ['anonymous', 'member', 'editor', 'admin'] as const) {
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          // From another machine: over loopback the server itself may call `operator` routes.
          remoteAddress: '203.0.113.7',
          headers: headers[caller],
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const role = caller === 'anonymous' ? null : caller;
        const label = `${caller} ${route.method} ${route.url} (${route.policy}) -> ${res.statusCode}`;
        if (allows(route.policy, role)) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(role === null ? 401 : 403);
          expect(res.json(), label).toHaveProperty('detail');
        }
      }
    }
  });

  it('refuses to register a route without a policy', () => {
    const bare = Fastify();
    installAuth(bare, t.services.tokens, async () => undefined);
    expect(() => bare.get('/api/unguarded', async () => 'oops')).toThrow(/no access policy/);
    expect(() => bare.get('/sitemap.xml', async () => 'oops')).toThrow(/no access policy/);
    expect(() => bare.get('/api/guarded', { config: { policy: 'admin' } }, async () => 'ok')).not.toThrow();
  });

  it('refuses forged, expired and outdated tokens', async () => {
    const admin = await t.userWithRole('admin');
    const set = (authorization: string) =>
      t.app.inject({ method: 'POST', url: '/api/set_string', headers: { authorization }, payload: { key: 'home.mission', value: 'v' } });

    expect((await set(admin.authorization)).statusCode).toBe(200);
    // A signature made with another key.
    const [h, p] = admin.authorization.slice(7).split('.');
    expect((await set(`Bearer ${h}.${p}.AAAA`)).statusCode).toBe(401);
    // An unsigned token claiming to be admin ("alg": "none").
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await set(`Bearer ${none}.${p}.`)).statusCode).toBe(401);

    t.clock.advance(12 * 60 * 60 * 1000 + 1000);
    expect((await set(admin.authorization)).statusCode).toBe(401);
    t.clock.advance(-(12 * 60 * 60 * 1000 + 1000));
  });

  it('applies a demotion and a token-version bump on the next request', async () => {
    const admin = await t.userWithRole('admin');
    const set = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/set_string',
        headers: { authorization: admin.authorization },
        payload: { key: 'home.mission', value: 'v' },
      });
    expect((await set()).statusCode).toBe(200);

    await t.services.accountsRepo.setRole(admin.id, 'member');
    expect((await set()).statusCode).toBe(403);

    await t.services.accountsRepo.setRole(admin.id, 'admin');
    await t.db.db.updateTable('users').set({ token_version: 1 }).where('id', '=', admin.id).execute();
    expect((await set()).statusCode).toBe(401);
  });
});
