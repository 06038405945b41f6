import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipartFile } from '../../testing/multipart';

/** A photo-like picture (no flat colour), so each copy's size says something. */
const picture = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: 60 * 30 * 3 }, (_, i) => (i * 7919) % 251)), {
    raw: { width: 60, height: 30, channels: 3 },
  }).resize(width, height);

/** Decision 210: an upload's smaller and AVIF copies, made at upload or on first request, gone with it. */
describe('image copies at a width', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin', 'variants.admin@example.org')).authorization;
  });
  afterAll(() => t.close());

  const upload = async (data: Buffer, name: string, type: string) => {
    const { payload, headers } = multipartFile(data, name, type);
    const res = await t.app.inject({ method: 'POST', url: '/api/image_upload', payload, headers: { ...headers, authorization: admin } });
    expect(res.statusCode).toBe(200);
    const url = res.json<{ url: string }>().url;
    return { url, id: /([0-9a-f-]{36})\./.exec(url)![1]! };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const kept = async (id: string) =>
    (
      await t.db.db
        .selectFrom('image_variants')
        .select(['width', 'format', 'mime', 'bytes'])
        .where('image_id', '=', id)
        .orderBy('format')
        .orderBy('width')
        .execute()
    ).map((row) => `${row.format} ${row.width}`);
  const expectImageHeaders = (res: Awaited<ReturnType<typeof get>>, type: string) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
  };

  it('makes AVIF copies at every width up to the image’s own, and JPEG ones narrower than it, at upload', async () => {
    const { id, url } = await upload(await picture(1300, 650).jpeg({ quality: 90 }).toBuffer(), 'wide.jpg', 'image/jpeg');
    expect(await kept(id)).toEqual(['avif 400', 'avif 800', 'avif 1200', 'avif 1300', 'jpg 400', 'jpg 800', 'jpg 1200']);

    const avif = await get(`/api/images/${id}/800.avif`);
    expectImageHeaders(avif, 'image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 800, height: 400 });

    const jpeg = await get(`/api/images/${id}/400.jpg`);
    expectImageHeaders(jpeg, 'image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 200 });
    // A phone's copy is a fraction of the upload.
    const original = await get(url);
    expect(avif.rawPayload.length).toBeLessThan(original.rawPayload.length / 2);

    // Wider than the image: its own width; in its own format, the upload itself.
    const wide = await get(`/api/images/${id}/2000.avif`);
    expectImageHeaders(wide, 'image/avif');
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(1300);
    const wideJpeg = await get(`/api/images/${id}/1600.jpg`);
    expectImageHeaders(wideJpeg, 'image/jpeg');
    expect(wideJpeg.rawPayload.equals(original.rawPayload)).toBe(true);
  });

  it('keeps a PNG’s transparency in its AVIF copy, and has no JPEG of it', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const { id } = await upload(png, 'logo.png', 'image/png');
    // Narrower than every width: only its AVIF at its own width (the PNG is the upload).
    expect(await kept(id)).toEqual(['avif 300']);
    const avif = await get(`/api/images/${id}/400.avif`);
    expectImageHeaders(avif, 'image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ width: 300, height: 200, hasAlpha: true });
    const own = await get(`/api/images/${id}/800.png`);
    expectImageHeaders(own, 'image/png');
    expect((await get(`/api/images/${id}/800.jpg`)).statusCode).toBe(404);
  });

  it('answers a width or format it does not make with 400 naming the field, and an unknown image with 404', async () => {
    const { id } = await upload(await picture(500, 300).jpeg().toBuffer(), 'a.jpg', 'image/jpeg');
    const cases: [string, number, string | undefined][] = [
      [`/api/images/${id}/500.avif`, 400, 'width'],
      [`/api/images/${id}/0.avif`, 400, 'width'],
      [`/api/images/${id}/-400.avif`, 400, 'width'],
      [`/api/images/${id}/400abc.avif`, 400, 'width'],
      [`/api/images/${id}/99999999999999999999.avif`, 400, 'width'],
      [`/api/images/${id}/400.webp`, 400, 'format'],
      [`/api/images/${id}/400.AVIF`, 400, 'format'],
      [`/api/images/${id}/400.png`, 404, undefined],
      ['/api/images/00000000-0000-4000-8000-000000000000/400.avif', 404, undefined],
      ['/api/images/not-an-id/400.avif', 404, undefined],
    ];
    for (const [url, status, field] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      if (status === 400) expect(res.json(), url).toMatchObject({ detail: expect.any(String), field });
      if (status === 404) expect(res.json(), url).toMatchObject({ detail: 'Image not found' });
    }
    // Nothing was made for any of them.
    expect(await kept(id)).toEqual(['avif 400', 'avif 500', 'jpg 400']);
  });

  it('makes a missing copy of an image uploaded before copies were made on its first request, once', async () => {
    const { id } = await upload(await picture(1000, 500).jpeg().toBuffer(), 'old.jpg', 'image/jpeg');
    // As an image uploaded before this table existed: no copies.
    await t.db.db.deleteFrom('image_variants').where('image_id', '=', id).execute();

    const [a, b, c] = await Promise.all([
      get(`/api/images/${id}/800.avif`),
      get(`/api/images/${id}/800.avif`),
      get(`/api/images/${id}/400.jpg`),
    ]);
    expectImageHeaders(a, 'image/avif');
    expectImageHeaders(b, 'image/avif');
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    expect((await sharp(a.rawPayload).metadata()).width).toBe(800);
    expectImageHeaders(c, 'image/jpeg');
    expect((await sharp(c.rawPayload).metadata()).width).toBe(400);
    // Kept: asked again, the same bytes from the table.
    expect(await kept(id)).toEqual(['avif 800', 'jpg 400']);
    expect((await get(`/api/images/${id}/800.avif`)).rawPayload.equals(a.rawPayload)).toBe(true);
    // Wider than the image: made at its own width, once, whichever wider width asked first.
    const [wide, wider] = await Promise.all([get(`/api/images/${id}/1200.avif`), get(`/api/images/${id}/2000.avif`)]);
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(1000);
    expect(wide.rawPayload.equals(wider.rawPayload)).toBe(true);
    expect(await kept(id)).toEqual(['avif 800', 'avif 1000', 'jpg 400']);
  });

  it('deletes the copies with the image, even one being made as it goes', async () => {
    const { id } = await upload(await picture(900, 450).jpeg().toBuffer(), 'gone.jpg', 'image/jpeg');
    expect(await kept(id)).toEqual(['avif 400', 'avif 800', 'avif 900', 'jpg 400', 'jpg 800']);
    await t.db.db.deleteFrom('image_variants').where('image_id', '=', id).where('width', '=', 800).execute();

    // A first request for a missing copy, and the admin deleting the image, at once.
    const [asked, deleted] = await Promise.all([
      get(`/api/images/${id}/800.avif`),
      t.app.inject({ method: 'POST', url: '/api/admin/images/delete', headers: { authorization: admin }, payload: { _id: id } }),
    ]);
    expect(deleted.statusCode).toBe(200);
    expect([200, 404]).toContain(asked.statusCode);
    expect(await kept(id)).toEqual([]);
    for (const url of [`/api/images/${id}/400.avif`, `/api/images/${id}/800.avif`, `/api/images/${id}/400.jpg`, `/api/images/${id}.jpg`]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
