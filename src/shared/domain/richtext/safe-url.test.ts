import { describe, expect, it } from 'vitest';
import { isAllowedLinkUrl, isSafeLinkUrl, isSafeMediaUrl } from './safe-url';

describe('the pasted-link filter', () => {
  it.each(['https://example.org', 'http://example.org/a?b=c#d', 'mailto:someone@example.org', 'tel:+441234567890'])('keeps %s', (url) => {
    expect(isAllowedLinkUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    '\u0001javascript:alert(1)',
    ' javascript:alert(1)',
    'javascript\u200b:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ftp://example.org',
    'not a url',
    'example.org',
    '',
    '//evil.example/x',
    'https://exa mple.org',
    `https://example.org/${'a'.repeat(3000)}`,
  ])('drops %j', (url) => {
    expect(isAllowedLinkUrl(url)).toBe(false);
    expect(isSafeLinkUrl(url)).toBe(false);
  });

  it('decides as the server does whatever the browser: no spaces, a host written out (Chrome takes "http://a b.org/")', () => {
    for (const url of [
      'http://a b.org/',
      'http://a%20b.org/',
      'https://ok.org/a b',
      'https://-bad.org',
      'https://xn--.org',
      'http://',
      'mailto:',
      'tel:',
      'https://ok.org\\x',
    ])
      expect(isSafeLinkUrl(url), url).toBe(false);
    for (const url of [
      'https://straße.de/',
      'https://例え.jp/path',
      'http://localhost:8000/x',
      'http://[::1]:8080/',
      'https://a_b.example.org/?q=1#x',
      'HTTPS://EXAMPLE.ORG',
    ])
      expect(isSafeLinkUrl(url), url).toBe(true);
  });

  it('lets stored links point at paths on this site, never at another host', () => {
    expect(isSafeLinkUrl('/events')).toBe(true);
    expect(isSafeLinkUrl('/article/abc#top')).toBe(true);
    expect(isSafeLinkUrl('//evil.example')).toBe(false);
    expect(isSafeLinkUrl('/\\evil.example')).toBe(false);
  });
});

describe('media addresses', () => {
  it('allow http(s) and uploaded images only', () => {
    expect(isSafeMediaUrl('https://example.org/a.png')).toBe(true);
    expect(isSafeMediaUrl('http://example.org/a.mp4')).toBe(true);
    expect(isSafeMediaUrl('/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.jpg')).toBe(true);
    for (const url of [
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      '/api/images/../secret.png',
      '/logo.svg',
      'blob:https://x/y',
      'mailto:a@b.c',
    ]) {
      expect(isSafeMediaUrl(url), url).toBe(false);
    }
  });
});
