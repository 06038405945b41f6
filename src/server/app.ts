import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { VIDEO_FRAME_ORIGINS } from '../shared/domain/richtext/media-embed';
import { socialEmbed } from '../shared/domain/social-embed';
import type { Config } from './config';
import type { Db } from './db/database';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { accountRoutes } from './features/accounts/account.routes';
import { accountsPageForms } from './features/accounts/accounts.pages';
import { secondFactorRoutes } from './features/accounts/second-factor.routes';
import { articlesRoutes } from './features/articles/articles.routes';
import { bookingsPageForms } from './features/events/bookings.pages';
import { committeeRoutes } from './features/committee/committee.routes';
import { donationsPageForms } from './features/donations/donations.pages';
import { donationsRoutes } from './features/donations/donations.routes';
import { monthlyGiftsRoutes } from './features/donations/monthly-gifts.routes';
import { membershipPageForms } from './features/membership/membership.pages';
import { membershipRoutes } from './features/membership/membership.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { testingRoutes } from './features/testing/testing.routes';
import { autoRenewalRoutes } from './features/membership/auto-renewal.routes';
import { savedCardsRoutes } from './payments/saved-cards.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { eventsRoutes } from './features/events/events.routes';
import { attendanceRoutes } from './features/events/attendance.routes';
import { bookingsRoutes } from './features/events/bookings.routes';
import { eventAdminRoutes } from './features/events/event-admin.routes';
import { healthRoutes } from './features/health/health.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { imagesRoutes } from './features/images/images.routes';
import { newslettersRoutes } from './features/newsletters/newsletters.routes';
import { siteTextRoutes } from './features/site-text/site-text.routes';
import { installAuth } from './http/auth';
import { installErrorHandler, sendError } from './http/error-handler';
import { openApiRoutes } from './http/openapi';
import {
  applySecurityHeaders,
  contentSecurityPolicy,
  installSecurityHeaders,
  permissionsPolicy,
  securityHeaders,
} from './http/security-headers';
import { installSpa } from './http/spa';
import { loadBuiltRenderer, type RenderPage } from './http/pages';
import { pageHeads } from './page-head';
import { readMark } from './features/images/share-image';
import type { Services } from './services';

export type AppDeps = {
  config: Config;
  db: Db;
  services: Services;
  /** The server renderer of the public pages: the built one (dist/ssr) unless a test gives its own. */
  renderPage?: RenderPage | null;
};

/** The whole HTTP app: used by main.ts and by the tests, with the same wiring. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, services } = deps;
  const cspOptions = { stripe: config.payments === 'stripe', httpsOnly: config.publicUrl.startsWith('https://') };
  const headers = securityHeaders(cspOptions);
  const app = Fastify({
    // One pino logger for requests and services; its type is wider than Fastify's view of it.
    // The assertion picks Fastify's logger type parameter for the whole app (without it every plugin's
    // signature mismatches), which the lint rule does not see.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: services.log as FastifyBaseLogger,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Requests refused before routing (a path that is not valid percent-encoding, too long a
    // parameter) answer like any other error: `{ detail }`, security headers and a request id.
    frameworkErrors: (error, req, reply) => {
      applySecurityHeaders(reply, headers);
      reply.header('x-request-id', req.id).header('cache-control', 'no-store');
      void sendError(error, req, reply);
    },
  });

  installErrorHandler(app);
  installSecurityHeaders(app, headers);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(multipart);
  installAuth(app, services.tokens, (id) => services.accounts.principal(id), {
    operatorToken: config.metricsToken,
    sessionActive: (claims, ip) => services.sessions.check(claims, ip),
  });
  services.metrics.install(app);

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // API answers are personal or change often; only what says otherwise may be cached.
    if ((req.url === '/api' || req.url.startsWith('/api/')) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  healthRoutes(app, services.health);
  accountsRoutes(app, services.accounts, services.passwordResets);
  accountRoutes(app, services.account);
  secondFactorRoutes(app, {
    accounts: services.accounts,
    factors: services.secondFactors,
    sessions: services.sessions,
    repo: services.accountsRepo,
  });
  siteTextRoutes(app, services.siteText, services.settings);
  const mark = readMark(config.webDir);
  imagesRoutes(app, services.images, { logo: () => services.siteText.get('logo_url'), mark: () => mark });
  committeeRoutes(app, services.committee);
  membershipRoutes(app, services.membership);
  autoRenewalRoutes(app, services.autoRenewal);
  donationsRoutes(app, services.donations);
  monthlyGiftsRoutes(app, services.monthlyGifts);
  adminRoutes(app, services.admin, services.clock);
  importsRoutes(app, {
    imports: services.imports,
    invitations: services.invitations,
    addMember: services.addMember,
    clock: services.clock,
  });
  paymentsRoutes(app, {
    payments: services.payments,
    fulfilment: services.fulfilment,
    events: services.paymentEvents,
    brake: services.brake,
    challenges: services.cardChecks,
    stripe: services.stripe,
    test: services.testPayments,
    publishableKey: config.stripe.publishableKey,
  });
  savedCardsRoutes(app, { test: services.testPayments, brake: services.brake });
  if (config.e2eOutbox) testingRoutes(app, services.mailer, services.paymentEvents, services.autoRenewalJobsAt);
  eventsRoutes(app, services.events, services.bookings, async (language) => ({
    publicUrl: config.publicUrl,
    calendarName: await services.siteText.get('site_name', language),
    organizerEmail: (await services.siteText.get('contact_email')).trim(),
  }));
  bookingsRoutes(app, services.bookings);
  eventAdminRoutes(app, services.eventAdmin, services.clock);
  attendanceRoutes(app, services.attendance);
  articlesRoutes(
    app,
    services.articles,
    async (language = 'en') => ({
      publicUrl: config.publicUrl,
      siteName: await services.siteText.get('site_name', language),
      description: await services.siteText.get('home.mission', language),
      newsTitle: await services.siteText.get('news.title', language),
      language,
    }),
    () => services.events.sitemapPages(),
  );

  newslettersRoutes(app, services.newsletters, services.choices);

  openApiRoutes(app, { publicUrl: config.publicUrl });

  const answerForm = await installSpa(app, {
    webDir: config.webDir,
    async pageCsp() {
      // The social media page is the one frame the admin chooses (in Settings); the contact
      // section loads it only after the visitor's click. No address set: no such origin allowed.
      const social = socialEmbed(await services.siteText.get('social_media_url'));
      // Article videos play in YouTube's and Vimeo's own players, the only other frames allowed.
      return contentSecurityPolicy(cspOptions, [...(social ? [social.origin] : []), ...VIDEO_FRAME_ORIGINS]);
    },
    pageHead: pageHeads(services, config.publicUrl),
    stringTable: (language) => services.siteText.table(language),
    renderPage: deps.renderPage === undefined ? await loadBuiltRenderer(config.webDir) : deps.renderPage,
    publicUrl: config.publicUrl,
    clock: services.clock,
    cardStepPermissions: permissionsPolicy(cspOptions, { cardStep: true }),
  });
  // Forms posted to their page before its script took them over: answered with the page (decision 085).
  accountsPageForms(app, answerForm, config.publicUrl, services.accounts, services.passwordResets);
  membershipPageForms(app, answerForm, config.publicUrl, services.membership);
  donationsPageForms(
    app,
    answerForm,
    config.publicUrl,
    services.donations,
    (key, language) => services.siteText.get(key, language),
    services.monthlyGifts,
  );
  bookingsPageForms(app, answerForm, config.publicUrl, services.bookings);
  return app;
}
