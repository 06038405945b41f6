import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/schema';
import { systemApi } from '../../shared/api/system';
import { addRoute } from './route';

/**
 * Prometheus metrics for this process, plus figures read from the database at each scrape (the
 * outbox and payments are shared by every server on the database, so they are counted there, not
 * per process).
 */
export function createMetrics(db: Kysely<Database>) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their durations',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'scheduled_job_runs_total',
    help: 'Runs of the scheduled jobs (reminders, mail delivery, housekeeping) by outcome',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobLastSuccess = new Gauge({
    name: 'scheduled_job_last_success_timestamp_seconds',
    help: 'When each scheduled job last finished without error',
    labelNames: ['job'],
    registers: [registry],
  });

  new Gauge({
    name: 'outbox_messages',
    help: 'E-mail in the outbox by status (queued and failed are waiting or stuck)',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('outbox')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      this.reset();
      for (const row of rows) this.set({ status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: 'outbox_failed_attempts',
    help: 'Delivery attempts that failed, summed over the messages in the outbox',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('outbox')
        .select((eb) =>
          eb.fn
            .coalesce(eb.fn.sum<number>(eb.case().when('last_error', 'is not', null).then(eb.ref('attempts')).else(0).end()), eb.lit(0))
            .as('n'),
        )
        .executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'payments',
    help: 'Payments by kind and status (pending, succeeded, failed and later states)',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      const rows = await db
        .selectFrom('payments')
        .select((eb) => ['kind', 'status', eb.fn.countAll<number>().as('n')])
        .groupBy(['kind', 'status'])
        .execute();
      this.reset();
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.n));
    },
  });

  return {
    registry,
    /** Times every request by its route pattern (never the raw URL: ids would explode the series). */
    install(app: FastifyInstance) {
      app.addHook('onResponse', async (req, reply) => {
        const route = req.routeOptions.url ?? 'unmatched';
        requestDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      });
      addRoute(app, systemApi.metrics, {
        policy: 'operator',
        handler: async ({ reply }) => {
          reply.header('content-type', registry.contentType);
          return registry.metrics();
        },
      });
    },
    /** Runs a scheduled job, counting its outcome; errors are counted and passed on. */
    async job<T>(name: string, work: () => Promise<T>): Promise<T> {
      try {
        const result = await work();
        jobRuns.inc({ job: name, outcome: 'ok' });
        jobLastSuccess.set({ job: name }, Date.now() / 1000);
        return result;
      } catch (error) {
        jobRuns.inc({ job: name, outcome: 'error' });
        throw error;
      }
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
