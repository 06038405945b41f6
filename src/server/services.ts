import { randomUUID } from 'node:crypto';
import { passwordHasher } from './auth/password';
import { createTokens } from './auth/tokens';
import type { Config } from './config';
import { passwordResetRepo } from './features/accounts/password-reset.repo';
import { passwordResetService } from './features/accounts/password-reset.service';
import { registrationFulfilment, renewalFulfilment } from './features/membership/membership.fulfilment';
import { sendRenewalReminders } from './features/membership/membership.reminders';
import { membershipService } from './features/membership/membership.service';
import { donationFulfilment, donationsService } from './features/donations/donations.service';
import { fulfilmentService } from './payments/fulfilment';
import { paymentsService } from './payments/payments.service';
import { createMetrics } from './http/metrics';
import { rateLimiter } from './http/rate-limit';
import { createMailer } from './integrations/mail/mailer';
import { stripeProvider, type StripeOptions } from './integrations/payments/stripe-provider';
import { testProvider } from './integrations/payments/test-provider';
import type { Logger } from './logger';
import type { Db } from './db/database';
import { settingOrInit } from './db/settings.repo';
import { auditTrail } from './audit/audit-trail';
import { adminService } from './features/admin/admin.service';
import { accountsRepo } from './features/accounts/accounts.repo';
import { accountsService } from './features/accounts/accounts.service';
import { articlesService } from './features/articles/articles.service';
import { committeeService } from './features/committee/committee.service';
import { eventsService } from './features/events/events.service';
import { imagesService } from './features/images/images.service';
import { siteTextService } from './features/site-text/site-text.service';

export type ServiceDeps = {
  db: Db;
  clock: () => Date;
  jwtSecret: string;
  config: Config;
  log: Logger;
  /** Tests point the Stripe SDK at a local stand-in for Stripe's API. */
  stripeApi?: Pick<StripeOptions, 'host' | 'port' | 'protocol'>;
};

/** Every feature's service, wired to the real database, the given clock and the outside edges. */
export function createServices({ db, clock, jwtSecret, config, log, stripeApi }: ServiceDeps) {
  const tokens = createTokens(jwtSecret, clock);
  const passwords = passwordHasher(config.passwordHashCost);
  const accounts = accountsRepo(db.db);
  const audit = auditTrail(db.db, clock);
  const siteText = siteTextService(db.db, clock, audit);
  const limiter = rateLimiter(db.db, clock);
  const mailer = createMailer(db.db, {
    smtpUrl: config.smtpUrl,
    clock,
    log,
    from: async () =>
      config.mailFrom ?? `"${(await siteText.get('site_name')).replace(/"/g, '')}" <no-reply@${new URL(config.publicUrl).hostname}>`,
  });
  const mailContext = async () => ({
    siteName: await siteText.get('site_name'),
    publicUrl: config.publicUrl,
    charityNumber: (await siteText.get('charity_number')).trim(),
  });

  const stripe =
    config.payments === 'stripe'
      ? stripeProvider({ secretKey: config.stripe.secretKey!, webhookSecret: config.stripe.webhookSecret, ...stripeApi })
      : undefined;
  const testPayments = stripe ? undefined : testProvider(db.db, clock);
  const fulfilment = fulfilmentService(db.db, mailer, clock, log, mailContext, {
    registration: registrationFulfilment(clock, log),
    renewal: renewalFulfilment(clock),
    donation: donationFulfilment(clock),
  });
  const payments = paymentsService(db.db, (stripe ?? testPayments)!, fulfilment, clock);

  return {
    log,
    clock,
    metrics: createMetrics(db.db),
    tokens,
    passwords,
    limiter,
    mailer,
    stripe,
    testPayments,
    fulfilment,
    payments,
    membership: membershipService({ db: db.db, payments, fulfilment, limiter, clock, audit, passwords }),
    donations: donationsService({ db: db.db, payments, limiter, clock, charityNumber: () => siteText.get('charity_number'), audit }),
    passwordResets: passwordResetService({
      accounts,
      passwords,
      resets: passwordResetRepo(db.db),
      mailer,
      limiter,
      clock,
      publicUrl: config.publicUrl,
      siteName: () => siteText.get('site_name'),
    }),
    /** Renewal reminders and housekeeping; main.ts runs this every hour. */
    async runScheduledJobs(): Promise<number> {
      const sent = await sendRenewalReminders(db.db, mailer, mailContext, clock());
      await Promise.all([limiter.prune(), this.membership.prunePending(), mailer.deliver()]);
      return sent;
    },
    accountsRepo: accounts,
    accounts: accountsService({
      repo: accounts,
      passwords,
      tokens,
      clock,
      bootstrapOnce: async () => {
        const marker = randomUUID();
        return (await settingOrInit(db.db, 'admin_bootstrapped', () => marker)) === marker;
      },
    }),
    siteText,
    images: imagesService(db.db, clock, audit),
    committee: committeeService(db.db, clock, audit),
    events: eventsService(db.db, clock, audit),
    articles: articlesService(db.db, clock, audit),
    admin: adminService({ db: db.db, dialect: db.dialect, clock, audit, mailDelivered: Boolean(config.smtpUrl) }),
  };
}
export type Services = ReturnType<typeof createServices>;
