import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../shared/api/admin';
import { multipartFile } from '../testing/multipart';
import { payWithCard } from '../testing/membership';
import { createTestApp, type TestApp } from '../testing/test-app';

const paragraph = (text: string) =>
  JSON.stringify({
    blocks: [{ key: 'a', text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
    entityMap: {},
  });

/** Every change an admin or editor makes is written by the service itself, with who and when. */
describe('audit log', () => {
  let t: TestApp;
  let admin: { id: string; email: string; authorization: string };
  let editor: { id: string; email: string; authorization: string };
  const as = (who: { authorization: string }) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: who.authorization } }),
    post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { authorization: who.authorization } }),
  });
  const log = async (query = '') => {
    const res = await as(admin).get(`/api/admin/audit?page_size=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin', 'chair@example.org');
    editor = await t.userWithRole('editor', 'writer@example.org');
  });
  afterAll(() => t.close());

  it('records content changes by the admin and the editor, newest first', async () => {
    const step = () => t.clock.advance(1000);
    const event = (await as(admin).post('/api/new_event', { title: 'Winter lecture', dated: '2026-12-05T18:30', description: '' })).json()
      .inserted_id;
    step();
    await as(admin).post('/api/update_event', { _id: event, title: 'Winter lecture (moved)', dated: '2026-12-06T18:30', description: '' });
    step();
    const member = (
      await as(admin).post('/api/new_committee', { name: 'Dr Ani Petrosyan', role: 'Chair', image: '', description: '' })
    ).json().inserted_id;
    step();
    await as(admin).post('/api/delete_committee', { _id: member });
    step();
    await as(admin).post('/api/set_string', { key: 'home.mission', value: 'Caring\nfor all' });
    step();
    const article = (
      await as(editor).post('/api/new_article', {
        title: 'Flu season',
        dated: '2026-11-21',
        categories: [],
        content: paragraph('Get the jab.'),
      })
    ).json().inserted_id;
    step();
    await as(editor).post('/api/update_article', {
      _id: article,
      title: 'Flu season advice',
      dated: '2026-11-21',
      categories: [],
      content: paragraph('Get it.'),
    });
    step();
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile(png, 'a.png', 'image/png');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/image_upload',
          payload,
          headers: { ...headers, authorization: editor.authorization },
        })
      ).statusCode,
    ).toBe(200);
    step();
    await as(admin).post('/api/delete_event', { _id: event });

    const entries = (await log()).items;
    expect(entries.map((e) => [e.actor_email, e.kind, e.action, e.summary])).toEqual([
      ['chair@example.org', 'event', 'deleted', 'Deleted event "Winter lecture (moved)"'],
      ['writer@example.org', 'image', 'uploaded', 'Uploaded a 30×20 PNG image'],
      ['writer@example.org', 'article', 'updated', 'Edited article "Flu season advice"'],
      ['writer@example.org', 'article', 'created', 'Wrote article "Flu season"'],
      ['chair@example.org', 'site_text', 'changed', 'Changed home.mission to "Caring for all"'],
      ['chair@example.org', 'committee', 'deleted', 'Removed "Dr Ani Petrosyan" from the committee'],
      ['chair@example.org', 'committee', 'created', 'Added "Dr Ani Petrosyan" to the committee'],
      ['chair@example.org', 'event', 'updated', 'Updated event "Winter lecture (moved)"'],
      ['chair@example.org', 'event', 'created', 'Created event "Winter lecture"'],
      // Staff set up their second factor first (decision 132); that is recorded too.
      ['writer@example.org', 'account', 'changed', 'Authenticator app set up; other sessions ended'],
      ['chair@example.org', 'account', 'changed', 'Authenticator app set up; other sessions ended'],
    ]);
    expect(entries[3]).toMatchObject({ actor_id: editor.id, subject_id: article, at: '2026-11-21T12:00:05.000Z' });
  });

  it('records nothing for a change that did not happen', async () => {
    const before = (await log()).total;
    expect(
      (await as(admin).post('/api/update_event', { _id: 'gone', title: 'x', dated: '2026-12-05T18:30', description: '' })).statusCode,
    ).toBe(404);
    expect((await as(editor).post('/api/delete_article', { _id: 'gone' })).statusCode).toBe(404);
    expect((await as(editor).post('/api/set_string', { key: 'home.mission', value: 'x' })).statusCode).toBe(403);
    expect((await log()).total).toBe(before);
  });

  it('records role changes and Gift Aid switches and cancellations', async () => {
    const member = await t.userWithRole('member', 'new.editor@example.org');
    await as(admin).post('/api/admin/set_role', { user_id: member.id, role: 'editor' });
    await t.services.siteText.set('charity_number', '1234567', admin);
    expect((await as(admin).post('/api/admin/settings', { gift_aid_enabled: true })).statusCode).toBe(200);
    const gift = {
      title: null,
      first_name: 'Ani',
      last_name: 'Petrosyan',
      house: '12',
      postcode: 'N1 1AA',
      non_uk: false,
      past_and_future: true,
      confirmed: true,
    };
    const donation = (
      await t.app.inject({
        method: 'POST',
        url: '/api/donate_proceed',
        payload: { amount: 1000, name: 'Ani', email: 'ani@example.org', gift_aid: gift },
        remoteAddress: '10.7.0.1',
      })
    ).json();
    await payWithCard(t, donation.clientSecret, '4242 4242 4242 4242');
    const [declaration] = (await as(admin).get('/api/admin/gift_aid/declarations')).json<{ _id: string }[]>();
    expect((await as(admin).post('/api/admin/gift_aid/cancel', { _id: declaration!._id })).statusCode).toBe(200);

    const roles = (await log('kind=role')).items;
    expect(roles.map((e) => [e.actor_email, e.subject_id, e.summary])).toEqual([
      ['chair@example.org', member.id, 'Made new.editor@example.org an editor (was a member)'],
    ]);
    expect((await log('kind=gift_aid')).items.map((e) => e.summary)).toEqual([
      'Cancelled the Gift Aid declaration of Ani Petrosyan',
      'Switched Gift Aid on',
    ]);
  });

  it('filters by person and kind, and lists the people', async () => {
    const byEditor = await log(`actor=${editor.id}`);
    expect(byEditor.items.map((e) => e.kind)).toEqual(['image', 'article', 'article', 'account']);
    expect((await log(`actor=${editor.id}&kind=article`)).total).toBe(2);
    const actors = (await as(admin).get('/api/admin/audit_actors')).json();
    expect(actors).toEqual([
      { _id: admin.id, email: 'chair@example.org' },
      { _id: editor.id, email: 'writer@example.org' },
    ]);
    const paged = (await as(admin).get('/api/admin/audit?page_size=2&page=2')).json<AuditPage>();
    expect(paged.items).toHaveLength(2);
    expect(paged.page).toBe(2);
    const bad = await as(admin).get('/api/admin/audit?kind=payments');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'kind' });
  });

  it("shows the site's own changes without a person", async () => {
    await t.services.events.create({ title: 'Demo event', startsAt: new Date('2026-12-01T18:00:00Z'), description: '' }, null);
    const [latest] = (await log('kind=event')).items;
    expect(latest).toMatchObject({ actor_id: null, actor_email: null, summary: 'Created event "Demo event"' });
  });

  it("is the admin's alone to read", async () => {
    expect((await as(editor).get('/api/admin/audit')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
