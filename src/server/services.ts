import type { Language } from '../shared/domain/language';
import { GIFT_AID_ENABLED, getSetting } from './db/settings.repo';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { backgroundTasks } from './background';
import { hashPool } from './auth/hash-pool';
import { passwordHasher } from './auth/password';
import { createTokens } from './auth/tokens';
import { secretBox } from './auth/secret-box';
import type { Config } from './config';
import { passwordResetService } from './features/accounts/password-reset.service';
import { registrationFulfilment, renewalFulfilment } from './features/membership/membership.fulfilment';
import { sendRenewalReminders } from './features/membership/membership.reminders';
import { membershipService } from './features/membership/membership.service';
import { autoRenewalService, type AutoRenewalService } from './features/membership/auto-renewal.service';
import { donationFulfilment, donationsService } from './features/donations/donations.service';
import { monthlyGiftsService, type MonthlyGiftsService } from './features/donations/monthly-gifts.service';
import { fulfilmentService, type FulfilmentService } from './payments/fulfilment';
import { cardBrake } from './payments/card-brake';
import { cardCheckChallenges } from './payments/card-check-challenge';
import { pdfDocuments } from './pdf/pdf-documents';
import { pdfPool } from './pdf/pdf-pool';
import { paymentEvents } from './payments/payment-events';
import { membershipDirectDebits } from './features/membership/direct-debit';
import { paymentsService } from './payments/payments.service';
import { providerErasures } from './payments/provider-erasures';
import { mergeMemberSearchIndex } from './db/member-search-index';
import { createMetrics } from './http/metrics';
import { rateLimiter } from './http/rate-limit';
import { createMailer } from './integrations/mail/mailer';
import { stripeProvider } from './integrations/payments/stripe-provider';
import { testProvider } from './integrations/payments/test-provider';
import type { Logger } from './logger';
import type { Db } from './db/database';
import { settingOrInit } from './db/settings.repo';
import { auditTrail } from './audit/audit-trail';
import { NEWS_CONSENT_KEY } from './privacy/consents';
import { adminService } from './features/admin/admin.service';
import { accountsRepo } from './features/accounts/accounts.repo';
import { accountsService } from './features/accounts/accounts.service';
import { accountService } from './features/accounts/account.service';
import { secondFactorService } from './features/accounts/second-factor.service';
import { sessionsService } from './features/accounts/sessions.service';
import { articlesService } from './features/articles/articles.service';
import { committeeService } from './features/committee/committee.service';
import { eventsService } from './features/events/events.service';
import { bookingFulfilment, bookingsService } from './features/events/bookings.service';
import { eventAdminService } from './features/events/event-admin.service';
import { attendanceService } from './features/events/attendance.service';
import { healthService } from './features/health/health.service';
import { imagesService } from './features/images/images.service';
import { imagesRepo } from './features/images/images.repo';
import { isSiteImagePath } from '../shared/domain/richtext/safe-url';
import { settingsService } from './features/site-text/settings.service';
import { siteTextService } from './features/site-text/site-text.service';
import { savedTextsCache } from './features/site-text/saved-texts-cache';
import { personalDataRegistry } from './privacy/personal-data';
import { mailPersonalData } from './integrations/mail/mail.personal-data';
import { paymentsPersonalData } from './payments/payments.personal-data';
import { donationsPersonalData } from './features/donations/donations.personal-data';
import { membershipPersonalData } from './features/membership/membership.personal-data';
import { articlesPersonalData } from './features/articles/articles.personal-data';
import { imagesPersonalData } from './features/images/images.personal-data';
import { siteTextPersonalData } from './features/site-text/site-text.personal-data';
import { committeePersonalData } from './features/committee/committee.personal-data';
import { limitsPersonalData } from './http/rate-limit.personal-data';
import { accountsPersonalData } from './features/accounts/accounts.personal-data';
import { auditPersonalData } from './audit/audit.personal-data';
import { mailChoicesPersonalData } from './privacy/mail-choices.personal-data';
import { newslettersPersonalData } from './features/newsletters/newsletters.personal-data';
import { newslettersService } from './features/newsletters/newsletters.service';
import { choicesService } from './features/newsletters/choices.service';
import { importsService } from './features/imports/imports.service';
import { invitationsService } from './features/imports/invitations.service';
import { addMemberService } from './features/imports/add-member.service';
import { importsPersonalData } from './features/imports/imports.personal-data';
import { secondFactorsPersonalData } from './features/accounts/second-factors.personal-data';

export type ServiceDeps = {
  db: Db;
  clock: () => Date;
  jwtSecret: string;
  config: Config;
  log: Logger;
};

/** Every feature's service, wired to the real database, the given clock and the outside edges. */
export function createServices({ db, clock, jwtSecret, config, log }: ServiceDeps) {
  const tokens = createTokens(jwtSecret, clock);
  const hashing = hashPool({ workers: config.passwordHashWorkers, maxQueue: config.passwordHashQueue });
  const passwords = passwordHasher(config.passwordHashCost, hashing);
  const background = backgroundTasks(log);
  const accountsData = accountsRepo(db.db);
  const audit = auditTrail(db.db, clock);
  // Settings offer the pages as choices; a page chosen there cannot be deleted or made news.
  const savedTexts = savedTextsCache(db.db);
  const settings = settingsService(db.db, clock, audit, (trx) => articles.pages(trx), savedTexts);
  const siteText = siteTextService(db.db, clock, audit, settings, savedTexts);
  const articles = articlesService(db.db, clock, audit, (id, trx) => siteText.pinnedAs(id, trx));
  const limiter = rateLimiter(db.db, clock);
  const pdfThreads = pdfPool({ workers: config.pdfWorkers, maxQueue: config.pdfQueue });
  const pdfs = pdfDocuments(pdfThreads, limiter);
  const mailer = createMailer(db.db, {
    smtpUrl: config.smtpUrl,
    clock,
    log,
    messageIdHost: new URL(config.publicUrl).hostname,
    // The same after a restart, and different for each server on one database (decision 097).
    serverName: `${os.hostname()}:${config.port}`,
    bulkPerMinute: config.mailBulkPerMinute,
    dkim: config.dkim,
    from: async () =>
      config.mailFrom ?? `"${(await siteText.get('site_name')).replace(/"/g, '')}" <no-reply@${new URL(config.publicUrl).hostname}>`,
  });
  const mailContext = async () => ({
    siteName: await siteText.get('site_name'),
    publicUrl: config.publicUrl,
    charityNumber: (await siteText.get('charity_number')).trim(),
    contactEmail: (await siteText.get('contact_email')).trim(),
    // Each mail is written in its recipient's language (decision 191).
    texts: { en: await siteText.textsIn('en'), hy: await siteText.textsIn('hy') },
  });

  const stripe =
    config.payments === 'stripe'
      ? stripeProvider({ secretKey: config.stripe.secretKey!, webhookSecret: config.stripe.webhookSecret, ...config.stripe.api })
      : undefined;
  const testPayments = stripe ? undefined : testProvider(db.db, clock);
  // Built for a clock: the site's own, and (browser journeys only) a moment the journey names.
  // The welcome and the donation receipt are written in the person's language (decision 150).
  const textsIn = (language: Language) => siteText.textsIn(language);
  const fulfilmentAt = (at: () => Date): FulfilmentService =>
    fulfilmentService(db.db, mailer, at, mailContext, {
      // Automatic renewal is made below, before any payment is fulfilled.
      registration: registrationFulfilment(at, log, () => autoRenewal, textsIn),
      renewal: renewalFulfilment(at, () => autoRenewal),
      donation: donationFulfilment(at, jwtSecret, textsIn),
      // A late payment is refunded as soon as its fulfilment commits (bookings is made below, before any payment).
      booking: bookingFulfilment(at, jwtSecret, (id) => bookings.refundNow(id)),
    });
  const fulfilment = fulfilmentAt(clock);
  const payments = paymentsService({ db: db.db, provider: (stripe ?? testPayments)!, fulfilment, limiter, clock });
  const erasuresAtProvider = providerErasures({ db: db.db, provider: (stripe ?? testPayments)!, clock, log });
  const cardChecks = cardCheckChallenges(db.db, jwtSecret, clock);
  const brake = cardBrake(db.db, limiter, clock, cardChecks);
  // The links in attendees' mail are signed with the server's secret (nothing is stored to match them).
  const stripeEvents = paymentEvents(db.db, clock, fulfilment, brake, mailer, () => membershipDirectDebits(() => autoRenewal));
  const bookings = bookingsService({
    db: db.db,
    clock,
    mailer,
    payments,
    brake,
    limiter,
    mailContext,
    linkSecret: jwtSecret,
    // A refund the site makes is recorded as Stripe reports one; Stripe's own later event then changes nothing.
    recordRefund: (refund) => stripeEvents.handle({ ...refund, type: 'charge.refunded', kind: 'refunded' }),
    log,
    consentWording: () => siteText.get(NEWS_CONSENT_KEY),
  });
  const autoRenewalAt = (at: () => Date, fulfilledBy: FulfilmentService = fulfilment): AutoRenewalService =>
    autoRenewalService({
      db: db.db,
      provider: (stripe ?? testPayments)!,
      payments,
      fulfilment: fulfilledBy,
      mailer,
      mailContext,
      clock: at,
      audit,
      serverName: `${os.hostname()}:${config.port}`,
      // A refund the site makes is recorded as Stripe reports one; Stripe's own later event then changes nothing.
      recordRefund: (refund) => stripeEvents.handle({ ...refund, type: 'charge.refunded', kind: 'refunded' }),
      log,
    });
  const autoRenewal = autoRenewalAt(clock);
  const giftAidOffered = async () =>
    (await getSetting(db.db, GIFT_AID_ENABLED)) === 'true' && Boolean((await siteText.get('charity_number')).trim());
  const monthlyGiftsAt = (at: () => Date, fulfilledBy: FulfilmentService = fulfilment): MonthlyGiftsService =>
    monthlyGiftsService({
      db: db.db,
      provider: (stripe ?? testPayments)!,
      fulfilment: fulfilledBy,
      mailer,
      mailContext,
      clock: at,
      audit,
      brake,
      limiter,
      linkSecret: jwtSecret,
      serverName: `${os.hostname()}:${config.port}`,
      giftAidOffered,
      consentWording: () => siteText.get(NEWS_CONSENT_KEY),
      log,
    });
  const monthlyGifts = monthlyGiftsAt(clock);
  // The logo on certificates and receipts: an uploaded logo is read from the database; a logo
  // elsewhere on the web is not fetched (the site's mark stands in).
  const siteLogo = async () => {
    const url = (await siteText.get('logo_url')).trim();
    if (!isSiteImagePath(url)) return null;
    const image = await imagesRepo(db.db).find(url.split('/').pop()!.split('.')[0]!);
    return image ? Buffer.from(image.data) : null;
  };
  const attendance = attendanceService({
    db: db.db,
    clock,
    audit,
    mailer,
    mailContext,
    linkSecret: jwtSecret,
    logo: siteLogo,
    pdfs,
    textsIn,
  });
  const invitations = invitationsService({
    db: db.db,
    clock,
    audit,
    mailer,
    passwords,
    publicUrl: config.publicUrl,
    siteName: () => siteText.get('site_name'),
    textsIn,
  });
  const imports = importsService({ db: db.db, dialect: db.dialect, clock, audit });
  const box = secretBox(config.secondFactorKey ?? jwtSecret);
  const sessions = sessionsService({
    db: db.db,
    tokens,
    box,
    mailer,
    clock,
    siteName: () => siteText.get('site_name'),
    publicUrl: config.publicUrl,
    textsIn,
  });
  const secondFactors = secondFactorService({
    db: db.db,
    box,
    passwords,
    limiter,
    audit,
    clock,
    publicUrl: config.publicUrl,
    siteName: () => siteText.get('site_name'),
    endOtherSessions: (userId, keep, trx) => sessions.endOthers(userId, keep, trx),
  });
  // Every table that can hold a person's data, declared by the part that owns it: export and
  // erasure run every part, in this order (decision 099). A new table joins by adding its part here;
  // src/server/privacy/personal-data.api.test.ts walks the schema and fails until it has.
  const personalData = personalDataRegistry(
    [
      mailPersonalData,
      paymentsPersonalData,
      // Before the parts that delete the rows naming an erased person's customers at the provider.
      erasuresAtProvider.personalData,
      donationsPersonalData,
      bookings.personalData,
      membershipPersonalData,
      articlesPersonalData,
      imagesPersonalData,
      siteTextPersonalData,
      committeePersonalData,
      limitsPersonalData,
      importsPersonalData,
      secondFactorsPersonalData,
      mailChoicesPersonalData,
      newslettersPersonalData,
      // The account's own row goes last but one; the audit log last, scrubbing what the others found.
      accountsPersonalData,
      auditPersonalData,
    ],
    { db: db.db, clock, mailContext, log },
  );
  const accounts = accountsService({
    db: db.db,
    repo: accountsData,
    passwords,
    factors: secondFactors,
    sessions,
    audit,
    clock,
    bootstrapOnce: async () => {
      const marker = randomUUID();
      return (await settingOrInit(db.db, 'admin_bootstrapped', () => marker)) === marker;
    },
  });

  return {
    log,
    clock,
    metrics: createMetrics(db.db),
    health: healthService(db.db),
    tokens,
    passwords,
    limiter,
    pdfs,
    mailer,
    stripe,
    testPayments,
    fulfilment,
    payments,
    brake,
    cardChecks,
    paymentEvents: stripeEvents,
    background,
    autoRenewal,
    monthlyGifts,
    /**
     * The automatic renewal jobs as they would run at another moment, with the test provider only:
     * the browser journeys' way to move the clock a year for one job run without moving the
     * shared server's clock under the other journeys (registered with E2E_OUTBOX=on and PAYMENTS=test).
     */
    autoRenewalJobsAt: testPayments
      ? (at: Date) => {
          const moment = () => at;
          return autoRenewalAt(moment, fulfilmentAt(moment)).runDue();
        }
      : undefined,
    membership: membershipService({
      db: db.db,
      payments,
      brake,
      fulfilment,
      limiter,
      clock,
      audit,
      passwords,
      consentWording: () => siteText.get(NEWS_CONSENT_KEY),
      startSession: (user, context) => sessions.start(user, context, 'join'),
      autoRenewal,
    }),
    donations: donationsService({
      db: db.db,
      payments,
      brake,
      limiter,
      clock,
      charityNumber: () => siteText.get('charity_number'),
      audit,
      consentWording: () => siteText.get(NEWS_CONSENT_KEY),
    }),
    passwordResets: passwordResetService({
      db: db.db,
      accounts: accountsData,
      passwords,
      mailer,
      background,
      limiter,
      clock,
      publicUrl: config.publicUrl,
      siteName: () => siteText.get('site_name'),
      textsIn: (language) => siteText.textsIn(language),
    }),
    /** Renewal reminders and housekeeping; main.ts runs this every hour. */
    async runScheduledJobs(): Promise<number> {
      // The test provider's Direct Debits whose working days have passed, applied as Stripe's webhook would be (decision 175).
      if (testPayments)
        for (const event of await testPayments.settleDebits()) {
          await stripeEvents.handle(event);
          await testPayments.delivered(event.intentId);
        }
      // Automatic renewal first: a charge it opens (a catch-up after a server was down) keeps the lapse reminder back.
      const auto = await autoRenewal.runDue();
      const sent = (await sendRenewalReminders(db.db, mailer, mailContext, clock)) + (await bookings.sendReminders());
      await monthlyGifts.runDue();
      await bookings.expireLapsed();
      await bookings.offerFreePlaces();
      await bookings.retryRefunds();
      await erasuresAtProvider.runDue();
      await Promise.all([
        limiter.prune(),
        this.membership.prunePending(),
        brake.prune(),
        accounts.pruneSessions(),
        secondFactors.pruneChallenges(),
        imports.prune(),
        mergeMemberSearchIndex(db.db, db.dialect),
      ]);
      return sent + auto.notices;
    },
    accountsRepo: accountsData,
    accounts,
    personalData,
    erasuresAtProvider,
    sessions,
    secondFactors,
    account: accountService({
      db: db.db,
      passwords,
      sessions,
      mailer,
      limiter,
      audit,
      clock,
      publicUrl: config.publicUrl,
      siteText: (key) => siteText.get(key),
      textsIn,
      personalData,
      pdfs,
      logo: siteLogo,
    }),
    siteText,
    settings,
    images: imagesService(db.db, clock, audit),
    committee: committeeService(db.db, clock, audit),
    events: eventsService(db.db, clock, audit),
    bookings,
    eventAdmin: eventAdminService({
      db: db.db,
      clock,
      audit,
      mailer,
      payments,
      fulfilment,
      bookings,
      mailContext,
      linkSecret: jwtSecret,
    }),
    attendance,
    articles,
    newsletters: newslettersService({
      db: db.db,
      clock,
      audit,
      mailer,
      linkSecret: jwtSecret,
      log,
      background,
      mailContext: async () => ({
        ...(await mailContext()),
        postalAddress: (await siteText.get('postal_address')).trim(),
        contactEmail: (await siteText.get('contact_email')).trim(),
      }),
    }),
    choices: choicesService(db.db, clock, () => siteText.get(NEWS_CONSENT_KEY)),
    imports,
    invitations,
    addMember: addMemberService({ db: db.db, clock, audit, invitations, consentWording: () => siteText.get(NEWS_CONSENT_KEY) }),
    admin: adminService({ db: db.db, dialect: db.dialect, clock, audit, mailDelivered: Boolean(config.smtpUrl) }),
    /** Waits for background work, stops mail delivery, the password and PDF threads (shutdown, tests). */
    async close(): Promise<void> {
      await background.idle();
      await mailer.close();
      await hashing.close();
      await pdfThreads.close();
    },
  };
}
export type Services = ReturnType<typeof createServices>;
