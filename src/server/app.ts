import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { committeeRoutes } from './features/committee/committee.routes';
import { eventsRoutes } from './features/events/events.routes';
import { healthRoutes } from './features/health/health.routes';
import { imagesRoutes } from './features/images/images.routes';
import { siteTextRoutes } from './features/site-text/site-text.routes';
import { installAuth } from './http/auth';
import { installErrorHandler } from './http/error-handler';
import { contentSecurityPolicy, installSecurityHeaders } from './http/security-headers';
import { installSpa } from './http/spa';
import type { Services } from './services';

export type AppDeps = {
  config: Config;
  db: Db;
  services: Services;
  logger?: FastifyServerOptions['logger'];
};

/** Keeps secrets out of request logs: no query strings, and no reset link ids. */
function safeUrl(url: string): string {
  return url.split('?')[0]!.replace(/\/(pw_reset_validate|pwReset)\/[^/]+/g, '/$1/[redacted]');
}

export function defaultLogger(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: safeUrl(req.url), ip: req.ip }),
    },
  };
}

/** The whole HTTP app: used by main.ts and by the tests, with the same wiring. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, services } = deps;
  const app = Fastify({
    logger: deps.logger ?? defaultLogger(config.logLevel),
    genReqId: () => randomUUID(),
    // A hop count is valid at run time though Fastify's types omit it.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
  });

  installErrorHandler(app);
  const cspOptions = { stripe: config.payments === 'stripe', httpsOnly: config.publicUrl.startsWith('https://') };
  await installSecurityHeaders(app, cspOptions);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(multipart);
  installAuth(app, services.tokens, (id) => services.accountsRepo.findAuthById(id));

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // API answers are personal or change often; only what says otherwise may be cached.
    if ((req.url === '/api' || req.url.startsWith('/api/')) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  healthRoutes(app, db.db);
  accountsRoutes(app, services.accounts);
  siteTextRoutes(app, services.siteText);
  imagesRoutes(app, services.images);
  committeeRoutes(app, services.committee);
  eventsRoutes(app, services.events, async () => ({
    publicUrl: config.publicUrl,
    calendarName: await services.siteText.get('site_name'),
  }));

  await installSpa(app, {
    webDir: config.webDir,
    async pageCsp() {
      // The embedded social media page is the one frame the admin chooses, through site text.
      const social = await services.siteText.get('social_media_url');
      return contentSecurityPolicy(cspOptions, originOf(social));
    },
    async pageHead() {
      const [shortName, name, mission] = await Promise.all(
        ['site_short_name', 'site_name', 'home.mission'].map((key) => services.siteText.get(key)),
      );
      return { title: `${shortName} | ${name}`, description: mission ?? '' };
    },
  });
  return app;
}

function originOf(url: string): string[] {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? [parsed.origin] : [];
  } catch {
    return [];
  }
}
