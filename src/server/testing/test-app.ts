import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../shared/api/accounts';
import { buildApp } from '../app';
import type { RenderPage } from '../http/pages';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLogger } from '../logger';
import { createServices, type ServiceDeps, type Services } from '../services';
import { OpenApiConformance, type OpenApiDoc } from './openapi-conformance';

/**
 * The real app on a real, fresh database for one test file: SQLite in a temporary directory, or,
 * when TEST_PG_URL is set (scripts/test-unit.mjs does so when PostgreSQL is installed), a new
 * PostgreSQL database. Only the clock is ours to move.
 */
export type TestApp = {
  app: FastifyInstance;
  db: Db;
  services: Services;
  config: Config;
  clock: { now: Date; advance(ms: number): void };
  /** Every log line, parsed, when created with `captureLogs` (else empty). */
  logs: Record<string, unknown>[];
  /** Creates a user with the role and returns a bearer header for them. */
  userWithRole(role: Role, email?: string): Promise<{ id: string; email: string; password: string; authorization: string }>;
  close(): Promise<void>;
};

/** The page template as the build makes it (the script names aside), and the renderer from its source. */
async function sourceRenderer(webDir: string): Promise<RenderPage> {
  fs.mkdirSync(webDir, { recursive: true });
  fs.copyFileSync(path.join(import.meta.dirname, '../../web/index.html'), path.join(webDir, 'index.html'));
  return (await import('../../web/entry-server')).render;
}

export const TEST_PASSWORD = 'correct horse battery staple';

async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** Drops the database once its connections have closed (never forced: that would kill them mid-goodbye). */
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        for (let attempt = 0; attempt < 20; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}`);
            return;
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Every answer a test receives through `app.inject` is checked against /api/openapi.json
 * (openapi-conformance.ts): an answer the document does not describe fails the test that got it.
 * The route Fastify chose is noted as the answer leaves (before `ready`, so it covers every route);
 * a request refused before routing (a malformed address) is matched by its path.
 */
function noteRoutes(app: FastifyInstance): WeakMap<object, string> {
  const routes = new WeakMap<object, string>();
  app.addHook('onSend', async (req) => {
    if (req.routeOptions.url !== undefined) routes.set(req.raw, req.routeOptions.url);
  });
  return routes;
}

async function holdAnswersToTheDocument(app: FastifyInstance, routes: WeakMap<object, string>): Promise<void> {
  const conformance = new OpenApiConformance((await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDoc>());
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const report = process.env.OPENAPI_CONFORMANCE_REPORT;
  const checked = async (options: InjectOptions | string) => {
    const res = await inject(options);
    const route = routes.get(res.raw.req);
    // The request as the server received it (light-my-request resolves `..` segments).
    const { method = 'GET', url = '/' } = res.raw.req;
    const problems = conformance.problems(method, { route, url }, res);
    if (problems.length && report) fs.appendFileSync(report, problems.map((p) => `${p}\n`).join(''));
    else if (problems.length) throw new Error(`The answer does not match /api/openapi.json: ${problems.join('; ')}`);
    return res;
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined) return (inject as (...args: unknown[]) => unknown)(options, callback);
    return checked(options);
  }) as typeof app.inject;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    stripeApi?: ServiceDeps['stripeApi'];
    captureLogs?: boolean;
    /** Render the public pages on the server, with the renderer's source and a bare index.html. */
    renderPages?: boolean;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const pgDb = process.env.TEST_PG_URL ? await freshPostgres(process.env.TEST_PG_URL) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    // Production-strength scrypt costs ~0.3 s a hash; password.test.ts checks that strength once.
    PASSWORD_HASH_COST: '10',
    PUBLIC_URL: 'http://localhost:8000',
    WEB_DIR: path.join(dataDir, 'web'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const db = openDatabase(config);
  await migrateToLatest(db);
  const clock = {
    now: new Date('2026-11-21T12:00:00Z'),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const logs: Record<string, unknown>[] = [];
  const capture = { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) };
  const services = createServices({
    db,
    config,
    clock: () => clock.now,
    jwtSecret: randomBytes(32).toString('hex'),
    log: options.captureLogs ? createLogger('info', { destination: capture }) : createLogger('silent'),
    stripeApi: options.stripeApi,
  });
  const app = await buildApp({ config, db, services, renderPage: options.renderPages ? await sourceRenderer(config.webDir) : null });
  const routes = noteRoutes(app);
  await app.ready();
  await holdAnswersToTheDocument(app, routes);

  return {
    app,
    db,
    services,
    config,
    clock,
    logs,
    async userWithRole(role, email = `${role}-${randomBytes(4).toString('hex')}@example.org`) {
      const id = await services.accounts.createUser({ email, password: TEST_PASSWORD, role, first_name: 'Test', last_name: role });
      const user = await services.accountsRepo.findAuthById(id);
      const token = await services.tokens.issue(user!);
      return { id, email, password: TEST_PASSWORD, authorization: `Bearer ${token}` };
    },
    async close() {
      await app.close();
      await services.close();
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
