import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteTextDefaults } from '../../../shared/domain/site-text';
import { createTestApp, type TestApp } from '../../testing/test-app';

const emptyDoc = JSON.stringify({
  blocks: [{ key: 'a', text: 'Text', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
  entityMap: {},
});

/** Values a hostile or careless client may send as an address; each must be refused. */
const HOSTILE_ADDRESSES = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz4=',
  'vbscript:msgbox(1)',
  '//evil.example/page',
  'http:',
  'http://',
  'https:evil.example',
  'http:/evil.example',
  'ftp://example.org/file',
  '/relative/path',
  'www.example.org',
  'https://exa mple.org',
  `https://example.org/${'a'.repeat(2100)}`,
];

describe('settings', () => {
  let t: TestApp;
  let admin: { id: string; email: string; authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin', 'settings.admin@example.org');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.db.deleteFrom('strings').execute();
    t.services.siteText.forgetCached();
    await t.db.db.deleteFrom('settings').where('key', '=', 'gift_aid_enabled').execute();
    await t.db.db.deleteFrom('audit_log').execute();
  });

  const save = (payload: object, authorization = admin.authorization) =>
    t.app.inject({ method: 'POST', url: '/api/admin/settings', headers: { authorization }, payload });
  const setString = (key: string, value: string) =>
    t.app.inject({ method: 'POST', url: '/api/set_string', headers: { authorization: admin.authorization }, payload: { key, value } });
  const settings = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { authorization: admin.authorization } })).json();
  const table = async () =>
    new Map(
      (await t.app.inject({ method: 'GET', url: '/api/string_table_v2' }))
        .json<{ key: string; value: string }[]>()
        .map((e) => [e.key, e.value]),
    );
  const auditCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const page = (title: string, is_page = true) =>
    t.services.articles.create(
      { title, dated: new Date('2026-01-01T00:00:00Z'), categories: [], content: JSON.parse(emptyDoc), is_page },
      null,
    );

  it('answers every setting with its default, and the pages to choose from', async () => {
    const about = await page('About us');
    await page('A news story', false);
    const answer = await settings();
    expect(answer).toMatchObject({
      site_name: siteTextDefaults.site_name,
      site_short_name: siteTextDefaults.site_short_name,
      logo_url: '',
      contact_email: siteTextDefaults.contact_email,
      social_media_url: '',
      social_button_label: siteTextDefaults['contact.social_show'],
      byline_url: '',
      gift_aid_enabled: false,
    });
    expect(answer.pages).toContainEqual({ _id: about, title: 'About us' });
    expect(answer.pages.map((p: { title: string }) => p.title)).not.toContain('A news story');
  });

  it('saves what it is given, trimmed, into the string table every page reads', async () => {
    const res = await save({
      site_name: '  Armenian Health Society  ',
      site_short_name: 'AHS',
      contact_email: 'mailto:Hello@Example.org',
      social_media_url: ' https://www.facebook.com/ahs ',
      byline: 'Made by volunteers',
      byline_url: 'https://volunteers.example.org/',
      logo_url: '/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.png',
      share_image_url: 'https://cdn.example.org/share.jpg',
      charity_number: 'SC012345',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ site_name: 'Armenian Health Society', contact_email: 'Hello@Example.org' });
    const values = await table();
    expect(values.get('site_name')).toBe('Armenian Health Society');
    expect(values.get('site_short_name')).toBe('AHS');
    expect(values.get('social_media_url')).toBe('https://www.facebook.com/ahs');
    expect(values.get('footer.byline')).toBe('Made by volunteers');
    expect(values.get('footer.byline_url')).toBe('https://volunteers.example.org/');
    // Fields left out stay as they were.
    expect((await save({ site_short_name: 'AHS GB' })).json()).toMatchObject({
      site_name: 'Armenian Health Society',
      site_short_name: 'AHS GB',
    });
  });

  it('records each change in the audit log, in words, and nothing for an unchanged value', async () => {
    await save({ site_name: 'First name' });
    const before = await auditCount();
    await save({ site_name: 'First name', social_media_url: 'https://www.facebook.com/x', byline_url: '' });
    expect(await auditCount()).toBe(before + 1);
    const entries = await t.db.db.selectFrom('audit_log').selectAll().where('kind', '=', 'settings').orderBy('seq', 'desc').execute();
    expect(entries[0]).toMatchObject({
      actor_email: 'settings.admin@example.org',
      action: 'changed',
      subject_id: 'social_media_url',
      summary: 'Changed the social media page to "https://www.facebook.com/x"',
    });
    expect(entries[1]).toMatchObject({ subject_id: 'site_name', summary: `Changed the association's name to "First name"` });
  });

  describe.each([
    ['the Settings API', (field: string, key: string, value: string) => [{ [field]: value }, field] as const],
    ['set_string', (_field: string, key: string, value: string) => [{ key, value }, 'value'] as const],
  ])('through %s', (_path, request) => {
    const send = (payload: Record<string, string>) => ('key' in payload ? setString(payload.key, payload.value!) : save(payload));

    it.each([
      ['social_media_url', 'social_media_url'],
      ['byline_url', 'footer.byline_url'],
      ['logo_url', 'logo_url'],
      ['share_image_url', 'share_image_url'],
    ])('refuses every non-web address for %s, naming the field and storing nothing', async (field, key) => {
      for (const hostile of HOSTILE_ADDRESSES) {
        const [payload, named] = request(field, key, hostile);
        const res = await send(payload);
        expect(res.statusCode, `${key} = ${JSON.stringify(hostile).slice(0, 40)}`).toBe(400);
        expect(res.json()).toMatchObject({ field: named });
        expect(res.json().detail).toContain(named);
      }
      expect((await table()).get(key)).toBe(siteTextDefaults[key as keyof typeof siteTextDefaults]);
      expect(await auditCount()).toBe(0);
    });

    it('accepts http and https addresses, uploaded images for pictures, and empty for none', async () => {
      for (const [field, key, value] of [
        ['social_media_url', 'social_media_url', 'http://example.org/page'],
        ['byline_url', 'footer.byline_url', 'https://example.org/?a=1#b'],
        ['logo_url', 'logo_url', '/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.jpg'],
        ['share_image_url', 'share_image_url', 'https://example.org/share.png'],
        ['byline_url', 'footer.byline_url', ''],
      ] as const) {
        const [payload] = request(field, key, value);
        expect((await send(payload)).statusCode, `${key} = ${value}`).toBe(200);
        expect((await table()).get(key)).toBe(value);
      }
      // An uploaded image is a picture, not a link.
      const [payload] = request('byline_url', 'footer.byline_url', '/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.jpg');
      expect((await send(payload)).statusCode).toBe(400);
    });

    it('takes an e-mail address (or a mailto: one) for the contact, and nothing else', async () => {
      for (const hostile of ['javascript:alert(1)', 'https://example.org', 'not an address', 'a@b.c?bcc=everyone@example.org', 'mailto:']) {
        const [payload, named] = request('contact_email', 'contact_email', hostile);
        const res = await send(payload);
        expect(res.statusCode, hostile).toBe(400);
        expect(res.json().field).toBe(named);
      }
      const [payload] = request('contact_email', 'contact_email', 'mailto:secretary@example.org');
      expect((await send(payload)).statusCode).toBe(200);
      expect((await table()).get('contact_email')).toBe('secretary@example.org');
    });

    it('takes only a page as the About or Privacy page', async () => {
      const news = await page('News, not a page', false);
      const about = await page('About us');
      for (const [value, status] of [
        [news, 400],
        ['00000000-0000-4000-8000-000000000000', 400],
        ['not an id!', 400],
        [about, 200],
        ['', 200],
      ] as const) {
        const [payload] = request('about_article_id', 'about_article_id', value);
        expect((await send(payload)).statusCode, value).toBe(status);
      }
    });
  });

  it('keeps plain texts free: any text may be set through set_string', async () => {
    expect((await setString('home.mission', 'javascript: is just words here')).statusCode).toBe(200);
  });

  it('refuses empty names, long values, unknown fields and wrong types', async () => {
    for (const [payload, field] of [
      [{ site_name: '   ' }, 'site_name'],
      [{ site_short_name: 'x'.repeat(41) }, 'site_short_name'],
      [{ site_name: 42 }, 'site_name'],
      [{ gift_aid_enabled: 'yes' }, 'gift_aid_enabled'],
      [{ charity_number: 'call us' }, 'charity_number'],
      [{ social_button_label: '' }, 'social_button_label'],
    ] as const) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const unknown = await save({ site_nmae: 'typo' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('site_nmae');
    expect(await auditCount()).toBe(0);
  });

  it('offers Gift Aid only with a charity number, and switches it off when the number goes', async () => {
    const refused = await save({ gift_aid_enabled: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'gift_aid_enabled', detail: expect.stringMatching(/charity number/) });
    // Number and switch in one save.
    expect((await save({ charity_number: '1234567', gift_aid_enabled: true })).json()).toMatchObject({ gift_aid_enabled: true });
    const config = async () => (await t.app.inject({ method: 'GET', url: '/api/donations/config' })).json();
    expect(await config()).toMatchObject({ gift_aid_available: true, charity_number: '1234567' });

    // Clearing the number (through set_string too) switches Gift Aid off for good, not just while it is empty.
    expect((await setString('charity_number', '')).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ gift_aid_enabled: false, charity_number: '' });
    await save({ charity_number: '1234567' });
    expect(await config()).toMatchObject({ gift_aid_available: false });
    const giftAid = await t.db.db.selectFrom('audit_log').select('summary').where('kind', '=', 'gift_aid').orderBy('seq').execute();
    expect(giftAid.map((e) => e.summary)).toEqual(['Switched Gift Aid on', 'Switched Gift Aid off (no charity number)']);
    // A refused save changes nothing, including the fields that were fine.
    expect((await save({ site_name: 'Changed', gift_aid_enabled: true, charity_number: '' })).statusCode).toBe(400);
    expect((await settings()).site_name).toBe(siteTextDefaults.site_name);
  });

  it('takes back what GET answered, whole: read, change one field, write (its page list is ignored)', async () => {
    const about = await page('About us');
    // Defaults as GET answers them go back unchanged, with no audit entry.
    const defaults = await settings();
    const entries = await auditCount();
    const same = await save(defaults);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(defaults);
    expect(await auditCount()).toBe(entries);

    const changed = { ...defaults, site_short_name: 'AHS', about_article_id: about, pages: [{ _id: 'made-up', title: 'Not a page' }] };
    const res = await save(changed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...defaults, site_short_name: 'AHS', about_article_id: about });
    expect(await auditCount()).toBe(entries + 2);
    // And what that answered goes back once more, unchanged.
    expect((await save(res.json())).json()).toEqual(res.json());
    expect(await auditCount()).toBe(entries + 2);
    // The list is read only: it is checked for shape like the rest.
    expect((await save({ pages: 'all of them' })).json()).toMatchObject({ field: 'pages' });
  });

  it('keeps both of two saves made at the same moment', async () => {
    const [a, b] = await Promise.all([save({ site_name: 'Concurrent name' }), save({ site_short_name: 'CN' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await settings()).toMatchObject({ site_name: 'Concurrent name', site_short_name: 'CN' });
  });

  it('is for the admin alone', async () => {
    const editor = await t.userWithRole('editor');
    expect((await save({ site_name: 'x' }, editor.authorization)).statusCode).toBe(403);
    expect((await save({ site_name: 'x' }, '')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await settings()).site_name).toBe(siteTextDefaults.site_name);
  });
});
