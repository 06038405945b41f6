import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminImage } from '../../../shared/api/images';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipartFile } from '../../testing/multipart';

const imageDoc = (url: string) =>
  JSON.stringify({
    blocks: [
      { key: 'a', text: 'Photo', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
      { key: 'm', text: ' ', type: 'atomic', depth: 0, inlineStyleRanges: [], entityRanges: [{ offset: 0, length: 1, key: 0 }], data: {} },
    ],
    entityMap: { 0: { type: 'IMAGE', mutability: 'IMMUTABLE', data: { url, type: 'image' } } },
  });

describe('the Images page', () => {
  let t: TestApp;
  let admin: { id: string; email: string; authorization: string };
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin', 'images.admin@example.org');
    editor = (await t.userWithRole('editor')).authorization;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, authorization = admin.authorization) =>
    t.app.inject({ method: 'POST', url, headers: { authorization }, payload });
  const upload = async (colour: string) => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile(png, 'a.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/image_upload',
      payload,
      headers: { ...headers, authorization: admin.authorization },
    });
    return res.json().url as string;
  };
  const idOf = (url: string) => /([0-9a-f-]{36})\./.exec(url)![1]!;
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/images', headers: { authorization: admin.authorization } });
    expect(res.statusCode).toBe(200);
    return new Map(res.json<AdminImage[]>().map((image) => [image.url, image]));
  };
  const remove = (url: string, authorization = admin.authorization) => post('/api/admin/images/delete', { _id: idOf(url) }, authorization);

  it('lists every upload with its size, date, uploader and where it is used', async () => {
    const photo = await upload('#112233');
    const inArticle = await upload('#445566');
    const logo = await upload('#778899');
    const share = await upload('#aabbcc');
    const unused = await upload('#ddeeff');
    await post('/api/new_committee', { name: 'Dr Ani', role: 'Chair', image: photo, description: '', priority: 10 });
    await post('/api/new_article', { title: 'Gala', dated: '2026-11-20', categories: [], content: imageDoc(inArticle) });
    await post('/api/new_article', { title: 'About us', dated: '2026-11-20', categories: [], content: imageDoc(inArticle), is_page: true });
    expect((await post('/api/admin/settings', { logo_url: logo, share_image_url: share })).statusCode).toBe(200);

    const images = await list();
    expect(images.get(unused)).toMatchObject({
      mime: 'image/png',
      width: 30,
      height: 20,
      bytes: expect.any(Number),
      created_at: t.clock.now.toISOString(),
      created_by: 'images.admin@example.org',
      uses: [],
    });
    expect(images.get(photo)!.uses).toEqual([{ kind: 'committee', id: expect.any(String), label: 'Committee member "Dr Ani"' }]);
    expect(
      images
        .get(inArticle)!
        .uses.map((use) => use.label)
        .sort(),
    ).toEqual(['Article "Gala"', 'Page "About us"']);
    expect(images.get(logo)!.uses).toEqual([{ kind: 'logo', id: null, label: 'The logo' }]);
    expect(images.get(share)!.uses).toEqual([{ kind: 'share_image', id: null, label: 'The share image for link previews' }]);
  });

  it('deletes an unused image, with an audit entry, and refuses one in use naming where (409)', async () => {
    const photo = await upload('#010203');
    await post('/api/new_committee', { name: 'Dr Aram', role: 'Treasurer', image: photo, description: '', priority: 10 });
    const refused = await remove(photo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This image is in use, so it cannot be deleted: Committee member "Dr Aram"');
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(200);

    // A replaced photo is no longer used, and can go.
    const members = (await t.app.inject({ method: 'GET', url: '/api/committees' })).json<{ _id: string; name: string }[]>();
    const aram = members.find((m) => m.name === 'Dr Aram')!;
    await post('/api/update_committee', { _id: aram._id, name: 'Dr Aram', role: 'Treasurer', image: '', description: '', priority: 10 });
    expect((await remove(photo)).json()).toEqual({ succeeded: true });
    expect((await t.app.inject({ method: 'GET', url: photo })).statusCode).toBe(404);
    expect((await list()).has(photo)).toBe(false);
    const entry = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('kind', '=', 'image')
      .where('action', '=', 'deleted')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_email: 'images.admin@example.org', subject_id: idOf(photo) });
    expect(entry.summary).toMatch(/^Deleted an unused 30×20 PNG image uploaded \d{4}-\d{2}-\d{2}$/);
  });

  it('refuses to delete the logo or an image in an article, and answers 404 for an unknown one', async () => {
    const logo = await upload('#0a0b0c');
    await post('/api/admin/settings', { logo_url: logo });
    expect((await remove(logo)).json().detail).toContain('The logo');
    const pictured = await upload('#0c0b0a');
    await post('/api/new_article', { title: 'Spring walk', dated: '2026-11-20', categories: [], content: imageDoc(pictured) });
    expect((await remove(pictured)).json().detail).toContain('Article "Spring walk"');

    const unknown = await post('/api/admin/images/delete', { _id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect((await post('/api/admin/images/delete', { _id: '%' })).statusCode).toBe(404);
    expect((await post('/api/admin/images/delete', {})).json()).toMatchObject({ field: '_id' });
  });

  it('deletes once when asked twice at the same moment', async () => {
    const image = await upload('#0f0f0f');
    const answers = await Promise.all([remove(image), remove(image)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const entries = await t.db.db
      .selectFrom('audit_log')
      .select('seq')
      .where('subject_id', '=', idOf(image))
      .where('action', '=', 'deleted')
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('counts feature images and the home page picture as uses, and refuses to delete them', async () => {
    const [articlePicture, eventPicture, hero] = [await upload('#123123'), await upload('#321321'), await upload('#231231')];
    const content = JSON.stringify({
      blocks: [{ key: 'a', text: 'Guests', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
      entityMap: {},
    });
    await post('/api/new_article', {
      title: 'Gala night',
      dated: '2026-11-20',
      categories: [],
      content,
      image: articlePicture,
      image_alt: 'Guests',
    });
    await post('/api/new_event', { title: 'Spring dinner', dated: '2026-12-05T18:30', description: '', image: eventPicture });
    expect((await post('/api/admin/settings', { hero_image_url: hero })).statusCode).toBe(200);

    const images = await list();
    expect(images.get(articlePicture)!.uses).toEqual([{ kind: 'article', id: expect.any(String), label: 'Article "Gala night"' }]);
    expect(images.get(eventPicture)!.uses).toEqual([{ kind: 'event', id: expect.any(String), label: 'Event "Spring dinner"' }]);
    expect(images.get(hero)!.uses).toEqual([{ kind: 'hero_image', id: null, label: "The home page's picture" }]);
    for (const [image, where] of [
      [articlePicture, 'Article "Gala night"'],
      [eventPicture, 'Event "Spring dinner"'],
      [hero, "The home page's picture"],
    ] as const) {
      const refused = await remove(image);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toContain(where);
    }
  });

  it('is for the admin alone', async () => {
    const image = await upload('#123123');
    expect((await remove(image, editor)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/images', headers: { authorization: editor } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
  });
});
