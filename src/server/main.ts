import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoContent } from './db/seed';
import { jwtSecret } from './db/settings.repo';
import { createLogger } from './logger';
import { createServices } from './services';

function adminHint(config: Config, result: { created: boolean; generatedPassword?: string }): string {
  const signIn = `${config.publicUrl}/signIn`;
  if (result.generatedPassword) {
    return [
      `Admin account created. Sign in at ${signIn} with`,
      `    e-mail:   ${config.adminEmail}`,
      `    password: ${result.generatedPassword}`,
      '  This password is shown only once: keep it somewhere safe.',
    ].join('\n');
  }
  if (result.created) return `Admin account ready: sign in at ${signIn} as ${config.adminEmail} with ADMIN_PASSWORD.`;
  return `Sign in as admin at ${signIn} with the admin account's e-mail (${config.adminEmail} unless changed) and its password (printed on first start, or ADMIN_PASSWORD).`;
}

async function main() {
  const config = loadConfig();
  const db = openDatabase(config);
  const applied = await migrateToLatest(db);
  const clock = () => new Date();
  const log = createLogger(config.logLevel);
  const services = createServices({ db, clock, config, log, jwtSecret: await jwtSecret(db.db, config.jwtSecret) });
  const admin = await services.accounts.ensureAdmin(config.adminEmail, config.adminPassword);
  const seeded = config.demoContent ? await seedDemoContent(db.db, services) : false;

  const app = await buildApp({ config, db, services });
  // Renewal reminders and housekeeping, hourly; each reminder is claimed in the database first,
  // so several servers on one database send it once.
  const runJobs = () => void services.runScheduledJobs().catch((error: unknown) => log.error({ err: error }, 'scheduled jobs failed'));
  const jobs = setInterval(runJobs, 60 * 60 * 1000);
  setTimeout(runJobs, 10_000).unref();

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received: closing`);
    clearInterval(jobs);
    await app.close();
    services.mailer.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const database = db.dialect === 'sqlite' ? `SQLite at ${db.sqliteFile}` : 'PostgreSQL';
  console.log(
    [
      '',
      `  The site is up at ${config.publicUrl}`,
      `  Database: ${database}${applied.length ? ` (migrations applied: ${applied.join(', ')})` : ''}${seeded ? ', demo content added' : ''}`,
      `  Payments: ${config.payments === 'stripe' ? 'Stripe' : 'simulated (test provider: card 4242 4242 4242 4242)'}`,
      `  Mail: ${config.smtpUrl ? 'sent over SMTP' : 'kept in the outbox and logged (SMTP_URL is not set)'}`,
      `  ${adminHint(config, admin)}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
