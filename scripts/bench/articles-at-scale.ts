// The news list and sitemap at 100 and at 10,000 articles: the first page, page 450 (at 100
// articles, which have no page 450, the last page), the first page of one category, and the
// sitemap read from the database and from memory. The targets: at 10,000 within 1.5x of at 100.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ARTICLES_PAGE_DEFAULT } from '../../src/shared/api/articles';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createLogger } from '../../src/server/logger';
import { createServices } from '../../src/server/services';

const CATEGORIES = ['Events', 'Research', 'Community', 'Armenia', 'Education'];
const EMPTY_DOCUMENT = JSON.stringify({ blocks: [], entityMap: {} });

type Figures = { first: number; late: number; category: number; sitemapCold: number; sitemapWarm: number };

async function measure(count: number, seconds: number): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-articles-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', DEMO_CONTENT: 'off' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  const services = createServices({
    db,
    config,
    log: createLogger('silent'),
    clock: () => new Date(),
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
  });
  // One article a day back from today, each in one of five categories.
  const start = Date.UTC(2026, 10, 1);
  const articles = Array.from({ length: count }, (_, i) => {
    const dated = new Date(start - i * 86_400_000).toISOString();
    return {
      id: randomUUID(),
      title: `Article ${i}`,
      dated,
      brief: `Brief of article ${i}`,
      content: EMPTY_DOCUMENT,
      created_at: dated,
      updated_at: dated,
      created_by: null,
      is_page: 0,
    };
  });
  for (let i = 0; i < articles.length; i += 500) {
    const slice = articles.slice(i, i + 500);
    await db.db.insertInto('articles').values(slice).execute();
    await db.db
      .insertInto('article_categories')
      .values(slice.map((a, j) => ({ article_id: a.id, category: CATEGORIES[(i + j) % CATEGORIES.length]!, dated: a.dated, is_page: 0 })))
      .execute();
  }
  const app = await buildApp({ config, db, services, renderPage: null });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  // Page 450 (or the last page) by following the cursors, as a reader pressing "Load more" would.
  const wanted = Math.min(450, Math.ceil(count / ARTICLES_PAGE_DEFAULT));
  let cursor: string | null = null;
  for (let page = 1; page < wanted; page++) {
    const answer = (await (await fetch(`${address}/api/articles${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)).json()) as {
      next_cursor: string | null;
    };
    cursor = answer.next_cursor;
  }
  const run = (url: string, duration: number) =>
    autocannon({ url: `${address}${url}`, connections: 10, duration, headers: { 'accept-encoding': 'gzip' } });
  // A second of warming first: the figures compare queries, not a cold JIT.
  const rate = async (url: string) => {
    await run(url, 1);
    return Math.round((await run(url, seconds)).requests.average);
  };
  const timed = async (url: string) => {
    const started = performance.now();
    await (await fetch(`${address}${url}`)).text();
    return +(performance.now() - started).toFixed(1);
  };
  const figures = {
    first: await rate('/api/articles'),
    late: await rate(`/api/articles?cursor=${encodeURIComponent(cursor!)}`),
    category: await rate('/api/articles?category=Research'),
    sitemapCold: await timed('/sitemap.xml'),
    sitemapWarm: await timed('/sitemap.xml'),
  };
  await app.close();
  await services.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

export async function articlesAtScale(seconds: number): Promise<string[]> {
  const small = await measure(100, seconds);
  const large = await measure(10_000, seconds);
  const row = (name: string, a: number, b: number) =>
    `  ${name.padEnd(34)} ${String(a).padStart(6)} req/s at 100   ${String(b).padStart(6)} req/s at 10,000   (${(a / Math.max(b, 1)).toFixed(2)}x slower; target at most 1.5x)`;
  return [
    row('first page', small.first, large.first),
    row('page 450 (at 100: the last page)', small.late, large.late),
    row('first page of a category', small.category, large.category),
    `  sitemap.xml at 10,000 articles: ${large.sitemapCold} ms from the database, ${large.sitemapWarm} ms from memory (at 100: ${small.sitemapCold} / ${small.sitemapWarm} ms)`,
  ];
}
