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
  });

  it('refuses a key the site does not define, clearly, however many are tried', async () => {
    const before = await table();
    const made = Array.from({ length: 200 }, (_, i) => `made.up.key${i}`);
    const answers = await Promise.all(made.map((key) => set({ key, value: 'x'.repeat(60) })));
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'key: There is no site text with this key', field: 'key' });
    }
    expect(await table()).toEqual(before);
    expect(await t.db.db.selectFrom('strings').select('key').where('key', 'like', 'made.up.%').execute()).toEqual([]);
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

  it('refuses to blank a text the site draws, which would leave nothing to right-click; the default can be put back', async () => {
    await set({ key: 'home.mission', value: 'Our mission' });
    for (const value of ['', '   ', '\n\t']) {
      const res = await set({ key: 'home.mission', value });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'value', detail: expect.stringContaining('A text cannot be empty') });
    }
    expect((await table()).get('home.mission')).toBe('Our mission');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/admin/texts/reset',
      headers: { authorization: admin },
      payload: { key: 'home.mission' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await table()).get('home.mission')).toBe(siteTextDefaults['home.mission']);
    // Settings keep their own rules: an empty byline means none. A key the code does not know is
    // refused whatever its value (decision 098), an empty one too, and nothing is saved.
    expect((await set({ key: 'footer.byline', value: '' })).statusCode).toBe(200);
    const unknown = await set({ key: 'extra.empty', value: '' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'key' });
    expect((await table()).has('extra.empty')).toBe(false);
    await set({ key: 'footer.byline', value: siteTextDefaults['footer.byline'] });
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

  describe('the Texts page', () => {
    const texts = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/texts', headers: { authorization: admin } });
      expect(res.statusCode).toBe(200);
      return new Map(res.json<{ key: string }[]>().map((entry) => [entry.key, entry as Record<string, unknown>]));
    };
    const reset = (key: string, authorization = admin) =>
      t.app.inject({ method: 'POST', url: '/api/admin/texts/reset', headers: { authorization }, payload: { key } });

    it('lists every key with its value, default and where it shows, and its Armenian value beside it', async () => {
      const list = await texts();
      for (const key of Object.keys(siteTextDefaults)) expect(list.has(key), key).toBe(true);
      expect(list.get('nav.home')).toMatchObject({
        value: 'Home',
        default_value: 'Home',
        where: 'Header and menu',
        page: '/',
        setting: false,
        hy: { value: 'Գլխավոր', default_value: 'Գլխավոր', customised: false, to_review: true, missing: false },
      });
      // An address is the same in both languages: no Armenian value of its own.
      expect(list.get('contact_email')).toMatchObject({ hy: null });
      expect(list.get('committee.add')).toMatchObject({ where: 'Home page: the committee', customised: false, updated_at: null });
      expect(list.get('social_media_url')).toMatchObject({ setting: true, page: '/admin/settings' });
      // Every text the code ships says where it shows.
      for (const [key, entry] of list) if (key in siteTextDefaults) expect(entry.where, key).not.toMatch(/Not used/);
    });

    it('shows who changed a text and when, and puts the default back on reset', async () => {
      const chair = await t.userWithRole('admin', 'texts.chair@example.org');
      await set({ key: 'committee.add', value: 'Add a member' }, chair.authorization);
      expect((await texts()).get('committee.add')).toMatchObject({
        value: 'Add a member',
        default_value: 'Add committee member',
        customised: true,
        updated_at: t.clock.now.toISOString(),
        updated_by: 'texts.chair@example.org',
      });

      expect((await reset('committee.add')).json()).toEqual({ succeeded: true });
      expect((await table()).get('committee.add')).toBe('Add committee member');
      expect((await texts()).get('committee.add')).toMatchObject({ customised: false, updated_by: null });
      const entry = await t.db.db
        .selectFrom('audit_log')
        .selectAll()
        .where('subject_id', '=', 'committee.add')
        .orderBy('seq', 'desc')
        .executeTakeFirst();
      expect(entry?.summary).toBe('Reset committee.add to its default "Add committee member"');
      // Resetting a text already at its default changes nothing and is fine.
      expect((await reset('committee.add')).statusCode).toBe(200);
    });

    it('removes a key the code does not know (saved by an older release), and says when there is none', async () => {
      await t.db.db
        .insertInto('strings')
        .values({ key: 'old.unused', value: 'Left over', updated_at: t.clock.now.toISOString(), updated_by: null })
        .execute();
      t.services.siteText.forgetCached();
      expect((await table()).get('old.unused')).toBe('Left over');
      // It cannot be changed, only removed.
      expect((await set({ key: 'old.unused', value: 'Changed' })).json()).toMatchObject({ field: 'key' });
      expect((await texts()).get('old.unused')).toMatchObject({ default_value: null, where: 'Not used by the site any more: remove it' });
      expect((await reset('old.unused')).statusCode).toBe(200);
      expect((await texts()).has('old.unused')).toBe(false);
      expect((await table()).has('old.unused')).toBe(false);
      expect((await reset('old.unused')).statusCode).toBe(404);
      expect((await reset('Bad Key')).json()).toMatchObject({ field: 'key' });
    });

    it('resets a setting through the Settings rules', async () => {
      await set({ key: 'footer.byline_url', value: 'https://volunteers.example.org' });
      expect((await reset('footer.byline_url')).statusCode).toBe(200);
      expect((await table()).get('footer.byline_url')).toBe('');
    });

    it('is for the admin alone', async () => {
      const editor = await t.userWithRole('editor');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/texts', headers: { authorization: editor.authorization } })).statusCode,
      ).toBe(403);
      expect((await reset('committee.add', editor.authorization)).statusCode).toBe(403);
    });
  });
});
