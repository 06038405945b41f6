import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { isDatabaseUnavailable } from './db/availability';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoContent } from './db/seed';
import { jwtSecret } from './db/settings.repo';
import { createLogger } from './logger';
import { scheduleJob } from './scheduled-jobs';
import { createServices } from './services';
import { pageUrl } from '../shared/domain/page-paths';

/** How long a stop waits for running requests and jobs before it gives up on them. */
const SHUTDOWN_GRACE_MS = 15_000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

type AdminResult = { created: boolean; generatedPassword?: string };

/**
 * How to sign in as admin. A generated password is written to a file only the site's user can
 * read (never into the log), and shown on a terminal as well: a missed screen loses nothing.
 */
function adminHint(config: Config, result: AdminResult, onTerminal: boolean): string {
  const signIn = pageUrl(config.publicUrl, 'signIn');
  if (result.generatedPassword) {
    const file = path.join(config.dataDir, 'initial-admin-password.txt');
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, `${result.generatedPassword}\n`, { mode: 0o600 });
    if (onTerminal)
      return [
        `Admin account created. Sign in at ${signIn} with`,
        `    e-mail:   ${config.adminEmail}`,
        `    password: ${result.generatedPassword}`,
        `  The password is also in ${file}: delete that file once you have signed in and changed it.`,
        '  You will then be asked to add a passkey or an authenticator app: admins need a second factor.',
      ].join('\n');
    return `Admin account ${config.adminEmail} created; its generated password is in ${file}: sign in at ${signIn}, then delete the file.`;
  }
  if (result.created) return `Admin account ready: sign in at ${signIn} as ${config.adminEmail} with ADMIN_PASSWORD.`;
  return `Sign in as admin at ${signIn} with the admin account's e-mail and password (lost them? npm run admin -- reset-password EMAIL).`;
}

async function main() {
  // Settings come from the environment, or from .env in the working folder (the environment wins).
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const onTerminal = Boolean(process.stdout.isTTY);
  const log = createLogger(config.logLevel, { pretty: onTerminal });
  const db = openDatabase({ ...config, onConnectionError: (message) => log.warn(message) });
  const applied = await migrateToLatest(db);
  const clock = () => new Date();
  const services = createServices({ db, clock, config, log, jwtSecret: await jwtSecret(db.db, config.jwtSecret) });
  const admin = await services.accounts.ensureAdmin(config.adminEmail, config.adminPassword);
  const seeded = config.demoContent ? await seedDemoContent(db.db, services) : false;

  const app = await buildApp({ config, db, services });
  // Renewal reminders and housekeeping; each reminder is claimed in the database first, so
  // several servers on one database send it once.
  const jobs = scheduleJob({ everyMs: HOUR, firstAfterMs: 10_000, log, name: 'scheduled jobs' }, () =>
    services.metrics.job('scheduled', () => services.runScheduledJobs()),
  );

  // Unpaid holds (30 minutes) and waitlist offers (48 hours) pass their place on when they lapse.
  const bookingJobs = scheduleJob({ everyMs: MINUTE, firstAfterMs: 15_000, log, name: 'booking holds' }, () =>
    services.bookings.expireLapsed(),
  );

  // Newsletters: scheduled ones whose time has come, and queueing a stopped server left half done.
  const newsletterJobs = scheduleJob({ everyMs: MINUTE, firstAfterMs: 20_000, log, name: 'newsletters' }, () =>
    services.newsletters.runDue(),
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing running requests and jobs, then stopping`);
    const deadline = setTimeout(() => {
      log.error(`still busy after ${SHUTDOWN_GRACE_MS / 1000} s: stopping anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    // close() stops accepting connections and resolves once the requests under way have answered.
    // Mail stops claiming at once and finishes the message in hand; what is queued meanwhile waits
    // in the outbox for the next start. A newsletter half queued is resumed by the next start's job.
    await Promise.all([app.close(), jobs.stop(), bookingJobs.stop(), newsletterJobs.stop(), services.mailer.close()]);
    // Background mail and password threads (a delivery under way gets a few seconds).
    await services.close();
    await db.close();
    log.info('stopped');
    process.exit(0);
  };
  // A database that goes away under background work (a job, a mail run) fails that work, not the
  // process; anything else unforeseen is logged before the process ends, as Node would end it.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn({ reason: reason instanceof Error ? reason.message : String(reason) }, 'background work failed: database unavailable');
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection: stopping');
    process.exit(1);
  });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  // Mail queued before a restart, and retries when due, go out without waiting for a request. Before
  // listening: the claims this server held when it stopped are taken back before it makes new ones.
  await services.mailer.start();
  await app.listen({ port: config.port, host: config.host });
  const database = db.dialect === 'sqlite' ? `SQLite at ${db.sqliteFile}` : 'PostgreSQL';
  const facts = {
    url: config.publicUrl,
    listening: `${config.host}:${config.port}`,
    database: `${database}${applied.length ? ` (migrations applied: ${applied.join(', ')})` : ''}${seeded ? ', demo content added' : ''}`,
    payments:
      config.payments === 'stripe'
        ? `Stripe${config.stripe.api ? ` (API at ${config.stripe.api.protocol}://${config.stripe.api.host}:${config.stripe.api.port})` : ''}`
        : 'simulated (test provider: card 4242 4242 4242 4242)',
    mail: config.smtpUrl ? 'sent over SMTP' : 'kept in the outbox (SMTP_URL is not set)',
  };
  const hint = adminHint(config, admin, onTerminal);
  if (!onTerminal) {
    // A service manager's log gets JSON lines only.
    log.info(facts, 'the site is up');
    log.info(hint);
    return;
  }
  console.log(
    [
      '',
      `  The site is up at ${facts.url} (listening on ${facts.listening})`,
      `  Database: ${facts.database}`,
      `  Payments: ${facts.payments}`,
      `  Mail: ${facts.mail}`,
      `  ${hint}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
