import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, encodedOnce } from './encoded-page';

describe('acceptedEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['X-GZIP', 'gzip'],
    ['br;q=abc, gzip;q=0.2', 'gzip'],
  ] as const)('%s -> %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('encodedOnce', () => {
  it('compresses each encoding once and keeps it', async () => {
    const html = '<p>Բժիշկների ժողով</p>'.repeat(200);
    const encoded = encodedOnce(html);
    const first = encoded('br');
    expect(encoded('br')).toBe(first);
    expect(zlib.brotliDecompressSync(await first).toString()).toBe(html);
    expect(zlib.gunzipSync(await encoded('gzip')).toString()).toBe(html);
  });
});
