import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBin, startPostgresCluster } from '../testing/postgres-cluster';
import { createTestApp, type TestApp } from '../testing/test-app';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './availability';

/** Decision 095: a database that is away, restarting, locked, read-only or full answers 503, never crashes the server. */

const onPostgres = Boolean(process.env.TEST_PG_URL);

describe.skipIf(onPostgres)('SQLite that cannot write, or is locked', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());

  const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
  const write = (value: string) =>
    t.app.inject({ method: 'POST', url: '/api/set_string', headers: { authorization: admin }, payload: { key: 'home.mission', value } });

  it('reports itself read-only, answers writes 503 with Retry-After, keeps serving reads, and recovers', async () => {
    // (Before any health check: a probe that worked is trusted for a few seconds.)
    await sql`pragma query_only = 1`.execute(t.db.db);
    try {
      const report = await health();
      expect(report.statusCode).toBe(503);
      expect(report.headers['retry-after']).toBe('5');
      expect(report.json()).toEqual({ status: 'read_only', database: { reachable: true, writable: false } });
      const refused = await write('Read-only meanwhile');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toEqual({ detail: DATABASE_UNAVAILABLE });
      expect((await t.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(200);
    } finally {
      await sql`pragma query_only = 0`.execute(t.db.db);
    }
    expect((await health()).json()).toEqual({ status: 'ok', database: { reachable: true, writable: true } });
    expect((await write('Writable again')).statusCode).toBe(200);
  });

  it('answers 503 when the database file is full', async () => {
    const { page_count } = (await sql<{ page_count: number }>`pragma page_count`.execute(t.db.db)).rows[0]!;
    await sql.raw(`pragma max_page_count = ${page_count}`).execute(t.db.db);
    try {
      const refused = await write('x'.repeat(20_000));
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(t.db.db);
    }
    expect((await write('x'.repeat(20_000))).statusCode).toBe(200);
  });

  it('answers 503 when another process holds the write lock beyond the busy timeout', async () => {
    const other = new DatabaseSync(t.db.sqliteFile!);
    other.exec('begin exclusive');
    try {
      const refused = await write('Locked meanwhile');
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
    } finally {
      other.exec('rollback');
      other.close();
    }
    expect((await write('Unlocked')).statusCode).toBe(200);
  });
});

describe.runIf(onPostgres && postgresBin())('PostgreSQL restarted or stopped under load', () => {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>>;
  let t: TestApp;
  let base: string;
  let admin: string;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    t = await createTestApp({ DATABASE_URL: cluster.url }, { renderPages: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.destroy();
  });

  type Answer = { status: number; retryAfter: string | null };
  const request = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, init);
    await res.arrayBuffer();
    return { status: res.status, retryAfter: res.headers.get('retry-after') };
  };
  /** What visitors and the admin do all the time: read pages and the API, and write. */
  const traffic = [
    () => request('/api/health'),
    () => request('/api/events'),
    () => request('/api/articles?limit=5'),
    () =>
      request('/api/set_string', {
        method: 'POST',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'home.mission', value: `Under load ${Math.random()}` }),
      }),
  ];

  /** Runs `workers` loops of traffic until `stop` is set; every answer is collected. */
  function load(workers: number) {
    const answers: Answer[] = [];
    let stop = false;
    const loops = Array.from({ length: workers }, async (_, worker) => {
      for (let i = worker; !stop; i++) answers.push(await traffic[i % traffic.length]!());
    });
    return {
      answers,
      async end() {
        stop = true;
        await Promise.all(loops);
      },
    };
  }

  /** Waits until the health check answers 200 again: the pool has reconnected by itself. */
  async function healthy(): Promise<void> {
    while ((await request('/api/health')).status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it('survives pg_ctl restart -m fast under traffic, with queries under way, and serves again by itself', async () => {
    for (let round = 0; round < 3; round++) {
      const running = load(6);
      // Connections busy in queries when the server goes: their requests fail, the process does not.
      const busy = Array.from({ length: 3 }, () =>
        sql`select pg_sleep(5)`.execute(t.db.db).then(
          () => 'finished',
          (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : String(error)),
        ),
      );
      while (running.answers.filter((a) => a.status === 200).length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
      await cluster.restart();
      await healthy();
      const before = running.answers.length;
      while (running.answers.length < before + 20) await new Promise((resolve) => setTimeout(resolve, 20));
      await running.end();
      expect(await Promise.all(busy)).toEqual(['unavailable', 'unavailable', 'unavailable']);
      const statuses = new Set(running.answers.map((a) => a.status));
      expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
      // While it restarted, requests were told to come back (and the process lived to say so).
      expect(statuses.has(503)).toBe(true);
      for (const answer of running.answers.filter((a) => a.status === 503)) expect(answer.retryAfter).toBe('5');
      // After the restart everything answers again.
      expect(running.answers.slice(-8).map((a) => a.status)).toEqual(Array(8).fill(200));
    }
  });

  it('answers 503 with Retry-After on pages and the API while the database is stopped, and serves again once it is back', async () => {
    await cluster.stop();
    try {
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toBe('5');
      expect(await health.json()).toEqual({ status: 'unavailable', database: { reachable: false, writable: false } });

      const api = await fetch(`${base}/api/events`);
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('5');
      expect(await api.json()).toEqual({ detail: DATABASE_UNAVAILABLE });

      // A page not kept from before: rendering it needs the database.
      const page = await fetch(`${base}/news`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('5');
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('Back in a moment');

      // A form posted to its page before the script (decision 085) is read by a person too: a page.
      const form = await fetch(`${base}/signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'ani@example.org', password: 'a long enough password' }).toString(),
      });
      expect(form.status).toBe(503);
      expect(form.headers.get('retry-after')).toBe('5');
      expect(form.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await form.text()).toContain('Back in a moment');

      const written = await request('/api/set_string', {
        method: 'POST',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'home.mission', value: 'While stopped' }),
      });
      expect(written).toEqual({ status: 503, retryAfter: '5' });
    } finally {
      await cluster.start();
    }
    await healthy();
    expect((await request('/api/events')).status).toBe(200);
    expect((await request('/news')).status).toBe(200);
  });
});
