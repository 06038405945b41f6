import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { multipartFile } from '../../testing/multipart';

const noise = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width, height, channels: 3 } });

describe('image upload', () => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp();
    editor = (await t.userWithRole('editor')).authorization;
  });
  afterAll(() => t.close());

  const upload = (data: Buffer, filename: string, type: string, authorization = editor, field = 'file') => {
    const { payload, headers } = multipartFile(data, filename, type, field);
    return t.app.inject({ method: 'POST', url: '/api/image_upload', payload, headers: { ...headers, authorization } });
  };
  const storedCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores a PNG and serves it back as an immutable PNG', async () => {
    const png = await sharp({ create: { width: 120, height: 80, channels: 4, background: '#c0392b' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'red.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.png$/);

    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'");
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 120, height: 80 });
  });

  it('turns a JPEG upright, strips its metadata and shrinks it to 2000 px', async () => {
    const jpeg = await noise(600, 200)
      .resize(3000, 1000)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'GPS and camera secrets' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, 'photo.jpeg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/\.jpg$/);
    const image = await t.app.inject({ method: 'GET', url: res.json().url });
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 667, height: 2000 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('refuses what is not a PNG or JPEG, whatever its name, and stores nothing', async () => {
    const before = await storedCount();
    const jpeg = await noise(400, 400).jpeg({ quality: 95 }).toBuffer();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const cases: [Buffer, string, string, number][] = [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg', 'image/svg+xml', 415],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'innocent.png', 'image/png', 415],
      [gif, 'anim.gif', 'image/gif', 415],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 'image/jpeg', 400],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'header-only.png', 'image/png', 400],
      [Buffer.alloc(0), 'empty.png', 'image/png', 415],
    ];
    for (const [data, name, type, status] of cases) {
      const res = await upload(data, name, type);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().detail, name).toMatch(/PNG and JPEG|could not be read/);
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses files over 10 MB with 413, announced or not', async () => {
    const before = await storedCount();
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const announced = await upload(big, 'big.png', 'image/png');
    expect(announced.statusCode).toBe(413);
    // Just over the limit, so the size announced passes the first check and the stream limit catches it.
    const justOver = big.subarray(0, 10 * 1024 * 1024 + 100);
    const streamed = await upload(justOver, 'big.png', 'image/png');
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().detail).toBe('Images are at most 10 MB');
    expect(await storedCount()).toBe(before);
  });

  it('refuses images over 40 megapixels', async () => {
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(huge, 'huge.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The image is larger than 40 megapixels');
  });

  it('wants the field "file", multipart, and an editor or admin', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    expect((await upload(png, 'a.png', 'image/png', editor, 'picture')).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/image_upload',
      headers: { authorization: editor },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const member = await t.userWithRole('member');
    expect((await upload(png, 'a.png', 'image/png', member.authorization)).statusCode).toBe(403);
    expect((await upload(png, 'a.png', 'image/png', '')).statusCode).toBe(401);
  });

  it('answers 404 for unknown images', async () => {
    for (const url of ['/api/images/00000000-0000-0000-0000-000000000000.png', '/api/images/nope.gif', '/api/images/..%2Fetc.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Image not found' });
    }
  });
});
