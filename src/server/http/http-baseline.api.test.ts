import sharp from 'sharp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The front end as the build leaves it: index.html plus hashed assets. */
function writeBuiltFrontEnd(webDir: string) {
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html lang="en-GB"><meta name="description" content="Generic"><title>Site</title><div id="root"></div></html>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'index-Ab12Cd34.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  fs.writeFileSync(path.join(webDir, 'mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // As the build leaves its scripts: compressed copies beside them.
  const script = Buffer.from(`console.log(${JSON.stringify('y'.repeat(5000))});`);
  fs.writeFileSync(path.join(webDir, 'assets', 'entry-Ef56Gh78.js'), script);
  fs.writeFileSync(path.join(webDir, 'assets', 'entry-Ef56Gh78.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webDir, 'assets', 'entry-Ef56Gh78.js.gz'), zlib.gzipSync(script));
}

function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
  const csp = String(headers['content-security-policy']);
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("script-src 'self'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['permissions-policy'], label).toBe('camera=(), microphone=(), geolocation=(), usb=(), payment=()');
  expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
}

describe('HTTP baseline', () => {
  let t: TestApp;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
  beforeAll(async () => {
    // The web directory exists before the app starts, as after `npm run build`.
    writeBuiltFrontEnd(webDir);
    t = await createTestApp({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('answers the health check with the database reachable and writable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: { reachable: true, writable: true } });
  });

  it('puts security headers on answers, errors and pages alike', async () => {
    const cases = [
      ['GET', '/api/health'],
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/set_string'],
      ['GET', '/'],
      ['GET', '/events'],
      ['GET', '/assets/index-Ab12Cd34.js'],
    ] as const;
    for (const [method, url] of cases) {
      const res = await t.app.inject({ method, url });
      expectSecurityHeaders(res.headers, `${method} ${url} ${res.statusCode}`);
    }
  });

  it("puts them on the framework's own refusals too, each as { detail } with a request id", async () => {
    const json = { 'content-type': 'application/json' };
    const cases = [
      ['GET', '/api/articles/%ff', undefined, {}, 400],
      ['GET', '/%ff', undefined, {}, 400],
      ['POST', '/api/donate_proceed', '{not json', json, 400],
      ['POST', '/api/donate_proceed', '', json, 400],
      ['POST', '/api/donate_proceed', JSON.stringify({ amount: 'x'.repeat(2_000_000) }), json, 413],
      ['POST', '/api/donate_proceed', 'amount=5', { 'content-type': 'text/plain' }, 415],
      ['POST', '/api/donate_proceed', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, json, 400],
      ['GET', '/api/no-such-thing', undefined, {}, 404],
    ] as const;
    for (const [method, url, payload, headers, status] of cases) {
      const res = await t.app.inject({ method, url, payload, headers });
      const label = `${method} ${url.slice(0, 40)} -> ${res.statusCode} ${res.body.slice(0, 100)}`;
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toEqual({ detail: expect.any(String) });
      expect(res.headers['x-request-id'], label).toMatch(/^[0-9a-f-]{36}$/);
      expectSecurityHeaders(res.headers, label);
    }
  });

  it('refuses a NUL character in a path, a query or a body, which PostgreSQL cannot store', async () => {
    const admin = await t.userWithRole('admin');
    const cases = [
      { method: 'GET', url: '/api/admin/members/%00' },
      { method: 'GET', url: '/api/admin/payments?q=a%00b' },
      { method: 'POST', url: '/api/donate_proceed', payload: { amount: 500, name: 'A\u0000B', email: 'a@example.org' } },
      { method: 'POST', url: '/api/set_string', payload: { key: 'k', value: 'v', ['x\u0000']: 1 } },
    ] as const;
    for (const request of cases) {
      const res = await t.app.inject({ ...request, headers: { authorization: admin.authorization } });
      expect(res.statusCode, request.url).toBe(400);
      expect(res.json().detail).toMatch(/NUL/);
    }
  });

  it('answers JSON 404 for unknown API paths and the page for any other path', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found' });

    for (const url of ['/', '/index.html', '/events', '/article/abc/edit', '/signIn/pwReset/xyz?x=1']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('<div id="root">');
    }
    expect((await t.app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
  });

  it('sends no Referer from the pages whose address carries a token', async () => {
    // However the address is spelled: the router decodes it, so the page and its token are the same.
    for (const url of [
      '/signIn/pwReset/xyz',
      '/account/confirm-email/abc',
      '/signIn/%70wReset/xyz',
      '/%73ignin/PWRESET/xyz',
      '/account/confirm%2Demail/abc',
      '/events/../signIn/pwReset/xyz',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).headers['referrer-policy'], url).toBe('no-referrer');
    }
    expect((await t.app.inject({ method: 'GET', url: '/events' })).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("names the association in the served page's title and description, escaped", async () => {
    const admin = await t.userWithRole('admin');
    const set = (key: string, value: string) =>
      t.app.inject({ method: 'POST', url: '/api/set_string', headers: { authorization: admin.authorization }, payload: { key, value } });
    await set('site_short_name', 'A&B');
    await set('home.mission', 'Caring "together" <always> $1 $\' $&');
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('<title>A&#38;B | Armenian Medical Association of Great Britain</title>');
    expect((await t.app.inject({ method: 'GET', url: '/news' })).body).toContain('<title>A&#38;B | News</title>');
    expect(page.body).toContain('<meta name="description" content="Caring &#34;together&#34; &#60;always&#62; $1 $&#39; $&#38;">');
    expect(page.body.match(/<title>/g)).toHaveLength(1);
  });

  it('gives every page a link preview, with the share image from Settings', async () => {
    const admin = await t.userWithRole('admin');
    const before = await t.app.inject({ method: 'GET', url: '/events' });
    expect(before.body).toContain('<meta property="og:type" content="website">');
    // Without a share image, a PNG made from the logo (here the built-in mark): previews show no SVG.
    const made = /<meta property="og:image" content="http:\/\/localhost:8000(\/api\/share-image\.png\?v=[\w-]+)">/.exec(before.body);
    expect(made, 'the made share image').not.toBeNull();
    const png = await t.app.inject({ method: 'GET', url: made![1]! });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const image = '/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.jpg';
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/settings',
      headers: { authorization: admin.authorization },
      payload: { share_image_url: image },
    });
    const after = await t.app.inject({ method: 'GET', url: '/events' });
    expect(after.body).toContain(`<meta property="og:image" content="http://localhost:8000${image}">`);
    expect(after.body).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toMatch(/br|gzip/);
    expect(res.rawPayload.length).toBeLessThan(1000);
    const mark = await t.app.inject({ method: 'GET', url: '/mark.svg' });
    expect(mark.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's compressed copies as they are", async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/entry-Ef56Gh78.js', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const plain = encoding === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : zlib.gunzipSync(res.rawPayload);
      expect(plain.toString()).toContain('yyyy');
    }
    const plain = await t.app.inject({ method: 'GET', url: '/assets/entry-Ef56Gh78.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('yyyy');
  });

  it('compresses API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/string_table_v2', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('lets the page frame the social media page the admin chose, and nothing else', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/' });
    expect(before.headers['content-security-policy']).not.toContain('facebook');
    const admin = await t.userWithRole('admin');
    const setSocial = (social_media_url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/settings',
        headers: { authorization: admin.authorization },
        payload: { social_media_url },
      });
    const frames = async () =>
      /frame-src ([^;]*)/.exec((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'] as string)![1]!;

    // A Facebook page is framed through Facebook's Page plugin on www.facebook.com.
    expect((await setSocial('https://www.facebook.com/ExampleAssociation')).statusCode).toBe(200);
    expect(await frames()).toMatch(/(^| )https:\/\/www\.facebook\.com( |$)/);
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).not.toContain('facebook');

    // Another network's page: its own origin, and Facebook's no longer.
    await setSocial('https://social.example.org/@association');
    expect(await frames()).toContain('https://social.example.org');
    expect(await frames()).not.toContain('facebook');

    // No page set: no social origin at all, only the video players.
    await setSocial('');
    expect((await frames()).split(' ').sort()).toEqual(['https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
  });

  it('gives every answer a request id and keeps API answers out of caches', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('HTTPS deployments', () => {
  it('send HSTS only when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://members.example.org' });
    const http = await createTestApp();
    try {
      const secure = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await http.app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await https.close();
      await http.close();
    }
  });
});
