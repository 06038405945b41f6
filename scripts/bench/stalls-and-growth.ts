// What decision records 090-094 promise, measured: the site at 100 and at 10,000 articles and
// members side by side (the API and the rendered pages, as visitors and the admin meet them, from
// many client addresses so that per-address limits and kept pages are not what is timed), the
// health check while 100 certificates are drawn, and what made-up query strings get.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ARTICLES_PAGE_DEFAULT } from '../../src/shared/api/articles';
import { eventFields } from '../../src/shared/api/events';
import { toLondonLocal } from '../../src/shared/domain/london-time';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { mergeMemberSearchIndex } from '../../src/server/db/member-search-index';
import { bookingToken } from '../../src/server/features/events/bookings.service';
import { inProcessTransport, loadBuiltRenderer } from '../../src/server/http/pages';
import { createLogger } from '../../src/server/logger';
import { createServices, type Services } from '../../src/server/services';
import { startPostgresCluster } from '../../src/server/testing/postgres-cluster';
import { totpCode } from '../../src/server/testing/test-app';
import { sql } from 'kysely';

const SECRET = 'bench-secret-bench-secret-bench-secret';
const BROAD = ['Events', 'Research', 'Community', 'Armenia', 'Education'];
const RARE = 'Fellowships';

let addressCount = 0;
/** A client address of its own for each request (the bench trusts X-Forwarded-For from loopback). */
const anotherAddress = () => {
  const n = ++addressCount;
  return `100.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
};
const manyAddresses = [
  {
    setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': anotherAddress() } }),
  },
];

type Rate = { rps: number; p50: number; p99: number; max: number; errors: number };

async function rate(url: string, seconds: number, headers: Record<string, string> = {}, requests = manyAddresses): Promise<Rate> {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: 10,
      duration,
      headers: { 'accept-encoding': 'gzip', ...headers },
      ...(requests.length ? { requests } : {}),
    });
  await run(1); // warm-up: the figures compare queries, not a cold JIT
  const result = await run(seconds);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.non2xx + result.errors,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A few paragraphs, as a real article has (about 2 KB of text). */
function realContent(i: number): string {
  const sentence = (n: number) =>
    `Members of the association met in London to discuss training, research and care (${i}.${n}). The committee thanked everyone who helped, and the next meeting will be announced in the newsletter.`;
  const blocks = Array.from({ length: 5 }, (_, n) => ({
    key: `p${n}`,
    text: `${sentence(n)} ${sentence(n + 10)}`,
    type: n === 0 ? 'header-two' : 'unstyled',
    depth: 0,
    inlineStyleRanges: n === 2 ? [{ offset: 0, length: 7, style: 'BOLD' }] : [],
    entityRanges: [],
    data: {},
  }));
  return JSON.stringify({ blocks, entityMap: {} });
}

const FIRST = ['Ani', 'Aram', 'Lilit', 'Davit', 'Narek', 'Mariam', 'Tigran', 'Sona', 'Անի', 'Արամ'];
const LAST = ['Petrosyan', 'Hakobyan', 'Grigoryan', 'Avetisyan', 'Sargsyan', 'Պետրոսյան', 'Karapetyan', 'Mkrtchyan'];

export async function fill(db: Db, services: Services, count: number) {
  // The rare category holds 1% of 10,000 articles; of 100 it holds a page's worth (20), so that
  // both first pages list as many articles and the figure compares finding them, not drawing more.
  const rareEvery = count >= 100 * ARTICLES_PAGE_DEFAULT ? 100 : Math.floor(count / ARTICLES_PAGE_DEFAULT);
  const start = Date.UTC(2026, 10, 1);
  for (let i = 0; i < count; i += 500) {
    const slice = Array.from({ length: Math.min(500, count - i) }, (_, j) => {
      const n = i + j;
      const dated = new Date(start - n * 86_400_000).toISOString();
      return {
        id: randomUUID(),
        title: `Article ${n}`,
        dated,
        brief: `Brief of article ${n}`,
        content: realContent(n),
        created_at: dated,
        updated_at: dated,
        created_by: null,
        is_page: 0,
      };
    });
    await db.db.insertInto('articles').values(slice).execute();
    const categories = slice.flatMap((a, j) => {
      const n = i + j;
      const broad = { article_id: a.id, category: BROAD[n % BROAD.length]!, dated: a.dated, is_page: 0 };
      return n % rareEvery === 7 % rareEvery ? [broad, { article_id: a.id, category: RARE, dated: a.dated, is_page: 0 }] : [broad];
    });
    await db.db.insertInto('article_categories').values(categories).execute();
    const members = slice.map((_, j) => {
      const n = i + j;
      const renewed = n % 11 === 0 ? null : new Date(Date.now() - ((n * 37) % 500) * 86_400_000).toISOString().slice(0, 10);
      const email = `member${n}@example.org`;
      return {
        id: randomUUID(),
        email,
        email_key: email,
        password_hash: 'x',
        role: 'member' as const,
        first_name: FIRST[n % FIRST.length]!,
        last_name: `${LAST[(n * 7) % LAST.length]}${n}`,
        workplace: 'Hospital',
        addr_line1: `${n} High Street`,
        addr_city: 'London',
        addr_post: 'N1 1AA',
        phone_no: '020 7946 0000',
        tier_index: n % 3,
        registered_date: renewed,
        last_renewed_date: renewed,
        created_at: new Date().toISOString(),
      };
    });
    await db.db.insertInto('users').values(members).execute();
  }
  // The same events at either scale: their page lists them all.
  for (let i = 0; i < 20; i++) {
    const fields = eventFields.parse({
      title: `Lecture ${i}`,
      dated: toLondonLocal(new Date(Date.now() + (i - 20) * 7 * 86_400_000)),
      description: 'Talks',
    });
    await services.events.createFromFields(fields, null);
  }
}

type Scale = Record<string, number>;

/**
 * How many members each search lists at 100 (a page of 25 or fewer): at 10,000 the same searches
 * list as many, so the figure compares finding and counting them, not writing out more rows.
 */
type Listed = Map<string, number>;

async function atScale(count: number, seconds: number, listed: Listed, databaseUrl = ''): Promise<Scale> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-growth-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    DEMO_CONTENT: 'off',
    TRUST_PROXY: 'loopback',
  });
  const db = openDatabase(config);
  await migrateToLatest(db);
  const services = createServices({ db, config, log: createLogger('silent'), clock: () => new Date(), jwtSecret: SECRET });
  await fill(db, services, count);
  // As the database is kept by then: PostgreSQL's statistics gathered and its trigram index's pending
  // entries flushed, as autovacuum does soon after the rows arrive; SQLite's search index merged, as
  // the hourly jobs do (decision 093).
  if (db.dialect === 'postgres') await sql`vacuum analyze`.execute(db.db);
  await mergeMemberSearchIndex(db.db, db.dialect);
  const adminId = await services.accounts.createUser({
    email: 'bench-admin@example.org',
    password: 'bench-admin-password',
    role: 'admin',
    first_name: 'Bench',
    last_name: 'Admin',
  });
  // Staff need a second factor (decision 132): the bench's admin sets up an authenticator app, then signs in with it.
  const { secret } = await services.secondFactors.startTotp({ id: adminId, email: 'bench-admin@example.org' });
  await services.secondFactors.confirmTotp({ id: adminId, email: 'bench-admin@example.org' }, totpCode(secret, new Date()), null);
  const token = await services.sessions.start((await services.accountsRepo.findById(adminId))!, { ip: '127.0.0.1' }, 'password+totp');
  const admin = { authorization: `Bearer ${token}` };
  const renderPage = await loadBuiltRenderer(config.webDir);
  const app = await buildApp({ config, db, services, renderPage });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${address}${url}`, { headers: { 'x-forwarded-for': anotherAddress(), ...headers } });
    return { status: res.status, body: await res.text() };
  };

  const probe = await get('/api/admin/members', admin);
  if (probe.status !== 200) throw new Error(`The bench's admin is refused (${probe.status}): ${probe.body}`);
  // Page 450 of the news (at 100 articles, the last page), reached as a reader would.
  let cursor: string | null = null;
  for (let page = 1; page < Math.min(450, Math.ceil(count / ARTICLES_PAGE_DEFAULT)); page++)
    cursor = (
      JSON.parse((await get(`/api/articles${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`)).body) as {
        next_cursor: string | null;
      }
    ).next_cursor;
  // Page 300 of the members by expiry (at 100, the last full page), by number and by the cursor the page before gives.
  const late = Math.min(300, Math.floor((count + 1) / 25));
  const before = JSON.parse((await get(`/api/admin/members?sort=expiry&dir=desc&page=${late - 1}`, admin)).body) as {
    next_cursor: string;
  };
  const articleId = (JSON.parse((await get('/api/articles')).body) as { items: { _id: string }[] }).items[5]!._id;

  const figures: Scale = {};
  const api = async (name: string, url: string, headers: Record<string, string> = {}) => {
    const measured = await rate(`${address}${url}`, seconds, headers);
    if (measured.errors) console.warn(`  (${name} at ${count}: ${measured.errors} answers were not 2xx)`);
    figures[name] = measured.rps;
  };
  await api('api: news, first page', '/api/articles');
  await api('api: news, page 450', `/api/articles?cursor=${encodeURIComponent(cursor ?? '')}`);
  await api(`api: news of a 1% category (20 at 100)`, `/api/articles?category=${RARE}`);
  await api('api: news of a 20% category', '/api/articles?category=Research');
  await api('admin: members, first page', '/api/admin/members', admin);
  const search = async (name: string, q: string) => {
    const url = `/api/admin/members?q=${encodeURIComponent(q)}`;
    if (!listed.has(q)) listed.set(q, (JSON.parse((await get(url, admin)).body) as { items: unknown[] }).items.length);
    await api(`${name}, ${listed.get(q)} listed`, `${url}&page_size=${listed.get(q)}`, admin);
  };
  await search('admin: members search "petro" (1 in 8 match)', 'petro');
  await search('admin: members search "member42" (1 in 100 match)', 'member42');
  await search('admin: members search "Պետրոս"', 'Պետրոս');
  await api('admin: members by expiry, page 300 (or the last) by number', `/api/admin/members?sort=expiry&dir=desc&page=${late}`, admin);
  await api(
    'admin: members by expiry, page 300 (or the last) by cursor',
    `/api/admin/members?sort=expiry&dir=desc&page=${late}&after=${before.next_cursor}`,
    admin,
  );
  await api('admin: payments, first page', '/api/admin/payments', admin);

  // Rendered pages, each render timed as the server does it when no copy is kept (ms, median of 15).
  if (renderPage) {
    const transport = inProcessTransport(app);
    for (const [name, url] of [
      ['page: /news (ms per render)', '/news'],
      ['page: /news, 1% category, 20 at 100 (ms per render)', `/news?category=${RARE}`],
      ['page: an article (ms per render)', `/article/${articleId}`],
      ['page: /events (ms per render)', '/events'],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const started = performance.now();
        await renderPage(new URL(url, config.publicUrl), transport);
        times.push(performance.now() - started);
      }
      figures[name] = +median(times.slice(3)).toFixed(1);
    }
  }

  // The sitemap: built after a change (ms), then read as kept (requests a second).
  await services.articles.createFromFields(
    { title: 'Fresh', dated: new Date().toISOString().slice(0, 10), categories: [], content: realContent(0) },
    null,
  );
  const started = performance.now();
  const map = await get('/sitemap.xml');
  figures['sitemap.xml after a change (ms)'] = +(performance.now() - started).toFixed(1);
  await api('sitemap.xml kept', '/sitemap.xml');
  figures['sitemap.xml size (KiB)'] = Math.round(map.body.length / 1024);

  // The members' CSV: its time, and memory and health while five are downloaded at once.
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const csvStarted = performance.now();
  const health = rate(`${address}/api/health`, 2, {}, []);
  await Promise.all(Array.from({ length: 5 }, () => get('/api/admin/members.csv', admin)));
  figures['members.csv, 5 at once (ms)'] = Math.round(performance.now() - csvStarted);
  figures['health p99 while 5 CSVs are written (ms)'] = (await health).p99;
  clearInterval(sampler);
  figures['memory growth during 5 CSVs (MiB)'] = Math.round((peak - rssBefore) / 1024 / 1024);

  await app.close();
  await services.close();
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

/**
 * 100 and 10,000 side by side; rates are requests a second (higher is better), the rest as named.
 * On SQLite, or with BENCH_DATABASE=postgres on a PostgreSQL cluster of the bench's own (one
 * database for each scale; the server binaries must be installed), made with a UTF-8 locale as a
 * real site's would be: in the C locale pg_trgm takes no trigrams from Armenian letters (decision 093).
 */
export async function growth(seconds: number): Promise<string[]> {
  const listed: Listed = new Map();
  const cluster = process.env.BENCH_DATABASE === 'postgres' ? await startPostgresCluster({ locale: 'C.UTF-8' }) : undefined;
  const databaseFor = async (count: number) => {
    if (!cluster) return '';
    const admin = openDatabase({ databaseUrl: cluster.url, dataDir: os.tmpdir() });
    await sql.raw(`create database growth_${count}`).execute(admin.db);
    await admin.close();
    return cluster.url.replace(/\/postgres$/, `/growth_${count}`);
  };
  let small: Scale;
  let large: Scale;
  try {
    small = await atScale(100, seconds, listed, await databaseFor(100));
    large = await atScale(10_000, seconds, listed, await databaseFor(10_000));
  } finally {
    await cluster?.destroy();
  }
  return Object.keys(small).map((name) => {
    const a = small[name]!;
    const b = large[name]!;
    const timed = /\((ms|KiB|MiB)/.test(name);
    const ratio = timed ? b / Math.max(a, 0.1) : a / Math.max(b, 1);
    const unit = timed ? '' : ' req/s';
    return `  ${name.padEnd(52)} ${`${a}${unit}`.padStart(12)} at 100   ${`${b}${unit}`.padStart(12)} at 10,000   ${ratio.toFixed(2)}x${
      /size|memory/.test(name) ? '' : ' (target at most 1.5x)'
    }`;
  });
}

/**
 * /api/health while 100 attendees download 100 different certificates at once (each drawn once,
 * on the PDF threads), against the same health check quiet; then the same 100 again, kept.
 */
export async function pdfsUnderLoad(db: Db, services: Services, address: string, seconds: number): Promise<string[]> {
  const fields = eventFields.parse({
    title: 'Bench lecture: Սրտաբանություն',
    dated: toLondonLocal(new Date(Date.now() + 24 * 60 * 60 * 1000)),
    description: 'For the certificate benchmark.',
    cpd_hours: 1.5,
  });
  const eventId = await services.events.createFromFields(fields, null);
  const ids: string[] = [];
  for (let i = 0; i < 100; i++) {
    const { booking_id } = await services.bookings.book(
      eventId,
      { name: `Անի Petrosyan ${i}`, email: `bench-pdf-${i}@example.org` },
      undefined,
      `198.19.${i}.1`,
    );
    ids.push(booking_id);
  }
  await db.db
    .updateTable('event_bookings')
    .set({ status: 'confirmed', attended_at: new Date().toISOString() })
    .where('event_id', '=', eventId)
    .execute();
  for (const [i, id] of ids.entries())
    await db.db
      .updateTable('event_bookings')
      .set({ certificate_number: `CPD-2026-BNCH-${String(i).padStart(4, '0')}` })
      .where('id', '=', id)
      .execute();
  const download = async (id: string) => {
    const started = performance.now();
    const res = await fetch(`${address}/api/events/bookings/${id}/certificate.pdf`, {
      headers: { 'x-booking-token': bookingToken(SECRET, id), 'x-forwarded-for': anotherAddress() },
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  };
  const quiet = await rate(`${address}/api/health`, seconds, {}, []);
  const round = async () => {
    const healthUnderLoad = autocannon({ url: `${address}/api/health`, connections: 10, duration: seconds });
    const started = performance.now();
    const answers = await Promise.all(ids.map(download));
    const took = performance.now() - started;
    const health = await healthUnderLoad;
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    return { health, took, statuses, slowest: Math.max(...answers.map((a) => a.ms)) };
  };
  const drawn = await round();
  const kept = await round();
  const describe = (r: Awaited<ReturnType<typeof round>>) =>
    `${[...r.statuses].map(([s, n]) => `${n} x ${s}`).join(', ')} in ${Math.round(r.took)} ms (slowest ${Math.round(r.slowest)} ms); /api/health p50 ${r.health.latency.p50} ms, p99 ${r.health.latency.p99} ms, max ${r.health.latency.max} ms`;
  return [
    `  /api/health quiet: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms, max ${quiet.max} ms`,
    `  100 certificates drawn at once: ${describe(drawn)}`,
    `  the same 100 again (kept): ${describe(kept)}`,
  ];
}

/**
 * Made-up query strings against the kept pages: /events with a new ?utm= on every request, from
 * one address and from many, beside /events itself; and made-up paths (each a render) from one
 * address, which its render limit turns into bare pages.
 */
export async function cacheBypass(address: string, seconds: number): Promise<string[]> {
  const randomQuery = (many: boolean) => [
    {
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        path: `/events?utm=${randomUUID()}`,
        headers: { ...req.headers, 'x-forwarded-for': many ? anotherAddress() : '203.0.113.77' },
      }),
    },
  ];
  const madeUpPaths = [
    {
      setupRequest: (req: autocannon.Request) => ({
        ...req,
        path: `/article/${randomUUID()}`,
        headers: { ...req.headers, 'x-forwarded-for': '203.0.113.78' },
      }),
    },
  ];
  const kept = await rate(`${address}/events`, seconds);
  const oneAddress = await rate(`${address}/events`, seconds, {}, randomQuery(false));
  const many = await rate(`${address}/events`, seconds, {}, randomQuery(true));
  const paths = await rate(`${address}/`, seconds, {}, madeUpPaths);
  const line = (name: string, r: Rate) => `  ${name.padEnd(58)} ${String(r.rps).padStart(6)} req/s   p99 ${r.p99} ms`;
  return [
    line('/events, kept', kept),
    line('/events?utm=<random>, one address', oneAddress),
    line('/events?utm=<random>, a new address each request', many),
    line('/article/<random>, one address (renders limited)', paths),
  ];
}
