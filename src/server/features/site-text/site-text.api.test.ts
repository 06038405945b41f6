import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTextDefaults } from '../../../shared/domain/site-text';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('site text', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());

  const table = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/string_table_v2${query}` });
    expect(res.statusCode).toBe(200);
    return new Map(res.json<{ key: string; value: string }[]>().map((e) => [e.key, e.value]));
  };
  const set = (payload: unknown, authorization = admin) =>
    t.app.inject({ method: 'POST', url: '/api/set_string', headers: { authorization }, payload: payload as object });

  it('answers a default for every text the site shows', async () => {
    const values = await table();
    for (const [key, value] of Object.entries(siteTextDefaults)) expect(values.get(key)).toBe(value);
  });

  it('overlays what the admin saves, also for a timestamped refresh', async () => {
    const res = await set({ key: 'home.mission', value: 'Caring together' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ succeeded: true });
    expect((await table(`?t=${Date.now()}`)).get('home.mission')).toBe('Caring together');

    await set({ key: 'home.mission', value: 'Caring, together' });
    expect((await table()).get('home.mission')).toBe('Caring, together');
    await set({ key: 'extra.note', value: 'A note' });
    expect((await table()).get('extra.note')).toBe('A note');
  });

  it('refuses bad keys and values with the field at fault, changing nothing', async () => {
    const before = await table();
    const cases = [
      [{ key: 'Bad Key', value: 'x' }, 'key'],
      [{ key: '', value: 'x' }, 'key'],
      [{ key: 'k'.repeat(101), value: 'x' }, 'key'],
      [{ key: 'site_name', value: 'x'.repeat(20_001) }, 'value'],
      [{ key: 'site_name', value: 42 }, 'value'],
      [{ key: 'site_name' }, 'value'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await set(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ field });
      expect(res.json().detail).toContain(field);
    }
    expect(await table()).toEqual(before);
  });

  it('accepts a value of exactly 20,000 characters', async () => {
    expect((await set({ key: 'home.about.body', value: 'y'.repeat(20_000) })).statusCode).toBe(200);
  });

  it('answers 415 for a wrong content type and 400 for malformed JSON', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'key=site_name&value=x',
    });
    expect(form.statusCode).toBe(415);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin, 'content-type': 'application/xml' },
      payload: '<key/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toHaveProperty('detail');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/set_string',
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: '{"key": "site_name", ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ detail: 'The body is not valid JSON' });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await set({ key: 'site_name', value: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'The request body is too large' });
  });

  it('lets only the admin save', async () => {
    const editor = await t.userWithRole('editor');
    expect((await set({ key: 'site_name', value: 'x' }, editor.authorization)).statusCode).toBe(403);
    expect((await set({ key: 'site_name', value: 'x' }, '')).statusCode).toBe(401);
    expect((await table()).get('site_name')).toBe(siteTextDefaults.site_name);
  });
});
