import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: options.remoteAddress ?? '127.0.0.1', headers: options.headers });

  it('answers the server itself over loopback in Prometheus text format', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('refuses other machines, a proxied visitor and a wrong token; takes METRICS_TOKEN from anywhere', async () => {
    expect((await scrape({ remoteAddress: '203.0.113.9' })).statusCode).toBe(401);
    // A reverse proxy on the same machine connects over loopback but says whom it is passing on.
    expect((await scrape({ headers: { 'x-forwarded-for': '198.51.100.4' } })).statusCode).toBe(401);
    expect((await scrape({ headers: { forwarded: 'for=198.51.100.4' } })).statusCode).toBe(401);
    expect((await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer not-the-token' } })).statusCode).toBe(403);
    const admin = await t.userWithRole('admin');
    expect((await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: admin.authorization } })).statusCode).toBe(403);
    const ok = await scrape({ remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '203.0.113.9' })).json()).toHaveProperty('detail');
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/articles/no-such-article' });
    await t.app.inject({ method: 'GET', url: '/api/articles/another-missing-one' });
    const body = (await scrape()).body;
    const line = body
      .split('\n')
      .find((l) => l.startsWith('http_request_duration_seconds_count{method="GET",route="/api/articles/:id",status="404"}'));
    expect(line?.split(' ')[1]).toBe('2');
    expect(body).not.toContain('no-such-article');
  });

  it('reports the outbox by status and payments by kind and status from the database', async () => {
    await t.db.db
      .insertInto('outbox')
      .values([
        {
          to_address: 'a@example.org',
          subject: 's',
          text_body: 't',
          html_body: 'h',
          kind: 'test',
          status: 'queued',
          attempts: 0,
          last_error: null,
          created_at: t.clock.now.toISOString(),
        },
        {
          to_address: 'b@example.org',
          subject: 's',
          text_body: 't',
          html_body: 'h',
          kind: 'test',
          status: 'failed',
          attempts: 3,
          last_error: 'refused',
          created_at: t.clock.now.toISOString(),
        },
      ])
      .execute();
    const body = (await scrape()).body;
    expect(body).toMatch(/^outbox_messages\{status="queued"\} 1$/m);
    expect(body).toMatch(/^outbox_messages\{status="failed"\} 1$/m);
    expect(body).toMatch(/^outbox_failed_attempts 3$/m);
    expect(body).toContain('# TYPE payments gauge');
  });

  it('counts scheduled job runs by outcome', async () => {
    await t.services.metrics.job('scheduled', async () => 1);
    await expect(t.services.metrics.job('scheduled', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    const body = (await scrape()).body;
    expect(body).toMatch(/^scheduled_job_runs_total\{job="scheduled",outcome="ok"\} 1$/m);
    expect(body).toMatch(/^scheduled_job_runs_total\{job="scheduled",outcome="error"\} 1$/m);
  });
});
