import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '../../shared/api/accounts';
import { buildApp } from '../app';
import type { RenderPage } from '../http/pages';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLogger } from '../logger';
import { createServices, type Services } from '../services';
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
  /**
   * Creates a user with the role and returns a bearer header for them. Staff (admin, editor) set
   * up an authenticator app first, as the site requires of them (decision 132), unless
   * `secondFactor: false`; its secret comes back as `totpSecret`.
   */
  userWithRole(
    role: Role,
    email?: string,
    options?: { secondFactor?: boolean },
  ): Promise<{ id: string; email: string; password: string; authorization: string; totpSecret?: string }>;
  /** The authenticator code for the secret at the test clock's time (or `at`). */
  totpCode(secret: string, at?: Date): string;
  close(): Promise<void>;
};

/** The page template as the build makes it (the script names aside), and the renderer from its source. */
async function sourceRenderer(webDir: string): Promise<RenderPage> {
  fs.mkdirSync(webDir, { recursive: true });
  fs.copyFileSync(path.join(import.meta.dirname, '../../web/index.html'), path.join(webDir, 'index.html'));
  // The Armenian web font's files, named as the build names them (decision 151).
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  for (const weight of [400, 700]) {
    const file = `noto-sans-armenian-armenian-${weight}-normal`;
    fs.copyFileSync(
      createRequire(import.meta.url).resolve(`@fontsource/noto-sans-armenian/files/${file}.woff2`),
      path.join(webDir, 'assets', `${file}-t3st.woff2`),
    );
  }
  return (await import('../../web/entry-server')).render;
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** What an authenticator app shows for the secret at that moment (RFC 6238, as the site sets it up). */
export function totpCode(secret: string, at: Date): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

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
    captureLogs?: boolean;
    /** Render the public pages on the server, with the renderer's source and a bare index.html. */
    renderPages?: boolean;
  } = {},
): Promise<TestApp> {
  const logs: Record<string, unknown>[] = [];
  const capture = { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  // A test that brings its own database (a cluster it restarts) gives DATABASE_URL itself.
  const pgDb = process.env.TEST_PG_URL && !env.DATABASE_URL ? await freshPostgres(process.env.TEST_PG_URL) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    // Production-strength scrypt costs ~0.3 s a hash; password.test.ts checks that strength once.
    PASSWORD_HASH_COST: '10',
    PUBLIC_URL: 'http://localhost:8000',
    WEB_DIR: path.join(dataDir, 'web'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const log = options.captureLogs ? createLogger('info', { destination: capture }) : createLogger('silent');
  const db = openDatabase({ ...config, onConnectionError: (message) => log.warn(message) });
  await migrateToLatest(db);
  const clock = {
    now: new Date('2026-11-21T12:00:00Z'),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const services = createServices({
    db,
    config,
    clock: () => clock.now,
    jwtSecret: randomBytes(32).toString('hex'),
    log,
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
    async userWithRole(role, email = `${role}-${randomBytes(4).toString('hex')}@example.org`, options = {}) {
      const id = await services.accounts.createUser({ email, password: TEST_PASSWORD, role, first_name: 'Test', last_name: role });
      const staff = role === 'admin' || role === 'editor';
      let totpSecret: string | undefined;
      if (staff && options.secondFactor !== false) {
        totpSecret = (await services.secondFactors.startTotp({ id, email })).secret;
        await services.secondFactors.confirmTotp({ id, email }, totpCode(totpSecret, clock.now), null);
      }
      const user = (await services.accountsRepo.findById(id))!;
      const token = await services.sessions.start(
        user,
        { ip: '127.0.0.1', userAgent: 'API test' },
        totpSecret ? 'password+totp' : 'password',
      );
      return { id, email, password: TEST_PASSWORD, authorization: `Bearer ${token}`, ...(totpSecret ? { totpSecret } : {}) };
    },
    totpCode: (secret, at = clock.now) => totpCode(secret, at),
    async close() {
      await app.close();
      await services.close();
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
