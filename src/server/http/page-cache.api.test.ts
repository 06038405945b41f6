import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAddress } from '../../shared/domain/page-address';
import { createTestApp, type TestApp } from '../testing/test-app';
import { RENDERS_PER_ADDRESS } from './spa';

const rendered = (html: string) => !html.includes('<div id="root"></div>') && /<div id="root"><.+/s.test(html);

describe('pages kept by what they read', () => {
  let t: TestApp;
  let n = 0;
  const from = () => `10.88.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
  const get = (url: string, ip = from()) => t.app.inject({ method: 'GET', url, remoteAddress: ip });

  beforeAll(async () => {
    t = await createTestApp({}, { renderPages: true });
    const editor = await t.userWithRole('editor');
    for (const category of ['Research', 'Community']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/new_article',
        headers: { authorization: editor.authorization },
        payload: {
          title: `${category} news`,
          dated: '2026-11-20',
          categories: [category],
          content: JSON.stringify({ blocks: [], entityMap: {} }),
        },
      });
      expect(created.statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('keys a page by the parameters it reads, in a fixed order', () => {
    expect(pageAddress('/events?utm=abc&fbclid=1')).toBe('/events');
    expect(pageAddress('/news?utm=1&category=Research')).toBe('/news?category=Research');
    expect(pageAddress('/news?category=R%C3%A9seau&x=1')).toBe('/news?category=R%C3%A9seau');
    expect(pageAddress('/news')).toBe('/news');
    expect(pageAddress('/')).toBe('/');
  });

  it('renders a page once for any number of made-up query strings, so they cannot use up a visitor’s renders', async () => {
    const ip = '10.89.0.1';
    const answers = [];
    for (let i = 0; i < RENDERS_PER_ADDRESS.max * 2; i++) answers.push(await get(`/events?utm=${randomUUID()}`, ip));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(RENDERS_PER_ADDRESS.max * 2).fill(200));
    expect(answers.every((a) => rendered(a.body))).toBe(true);
  });

  it('keeps the news list apart by its category, and only by it', async () => {
    const research = await get('/news?category=Research&utm=1');
    const community = await get('/news?category=Community&utm=1');
    expect(research.body).toContain('Research news');
    expect(research.body).not.toContain('Community news');
    expect(community.body).toContain('Community news');
    expect(community.body).not.toContain('Research news');
  });

  it(`renders at most ${RENDERS_PER_ADDRESS.max} pages for one address in ${RENDERS_PER_ADDRESS.windowMs / 1000} s; past that the browser renders them`, async () => {
    const ip = '10.89.1.1';
    const answers = [];
    for (let i = 0; i < RENDERS_PER_ADDRESS.max + 3; i++) answers.push(await get(`/article/${randomUUID()}`, ip));
    // Each made-up article is rendered as not found, until the address has had its renders...
    expect(answers.slice(0, RENDERS_PER_ADDRESS.max).map((a) => a.statusCode)).toEqual(Array(RENDERS_PER_ADDRESS.max).fill(404));
    // ...then it gets the bare page, whose script shows what the address holds.
    for (const bare of answers.slice(RENDERS_PER_ADDRESS.max)) {
      expect(bare.statusCode).toBe(200);
      expect(bare.body).toContain('<div id="root"></div>');
      expect(bare.body).toContain('id="string-table"');
    }
    // Another address is not held back; and once the window has passed, this one is not either.
    expect((await get(`/article/${randomUUID()}`, '10.89.1.2')).statusCode).toBe(404);
    t.clock.advance(RENDERS_PER_ADDRESS.windowMs + 1);
    expect((await get(`/article/${randomUUID()}`, ip)).statusCode).toBe(404);
  });
});
