import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { awaitsReview, isMembershipPayment, type PaymentReviewRequest, type recordRenewalRequest } from '../../../shared/api/admin';
import type { MemberInfo, ProceedResponse } from '../../../shared/api/membership';
import type { TokenResponse } from '../../../shared/api/accounts';
import type { SignInContext } from '../../http/sign-in-context';
import type { registrationRequest } from '../../../shared/api/membership';
import { emailKey } from '../../../shared/domain/email';
import { londonDate } from '../../../shared/domain/london-time';
import { addYears, expiryDate, freeRenewalOpen, renewalEffectiveDate } from '../../../shared/domain/membership';
import { formatPence } from '../../../shared/domain/money';
import { siteTextDefaults } from '../../../shared/domain/site-text';
import { studentYearProblem, studentYearTexts, tierByIndex } from '../../../shared/domain/tiers';
import type { z } from 'zod';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import type { PasswordHasher } from '../../auth/password';
import type { Database } from '../../db/schema';
import { addressKey } from '../../http/client-address';
import { badRequest, conflict, notFound, tooManyRequests } from '../../http/errors';
import { ValidationError } from '../../http/validation';
import type { RateLimiter } from '../../http/rate-limit';
import type { CardBrake } from '../../payments/card-brake';
import { retryOnConcurrentChange } from '../../db/concurrent-change';
import type { FulfilmentService } from '../../payments/fulfilment';
import { paymentsRepo } from '../../payments/payments.repo';
import type { PaymentsService } from '../../payments/payments.service';
import { wordingVersion } from '../../privacy/consents';
import { FREE_RENEWAL_TOO_EARLY, pendingFields } from './membership.fulfilment';
import { membershipRepo } from './membership.repo';
import { FREE_TIER, type AutoRenewalService } from './auto-renewal.service';

type ValidRegistration = z.output<typeof registrationRequest>;

const TEN_MINUTES = 10 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
const NEEDS_CARD = 'This membership is paid by card: please use the card payment form.';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const EMAIL_TAKEN =
  'An account with this e-mail address already exists. Please sign in, or reset your password if you have forgotten it.';
/** "This address has an account" answers one address may receive in a day (decision record 019). */
export const TAKEN_ANSWERS_PER_DAY = 3;
const TAKEN_BUCKET = 'register-taken';
/** How long a new member's browser may use its sign-in secret (decision 086). */
export const JOIN_SIGN_IN_MS = DAY;
export const JOIN_SIGN_IN_USED = 'This sign-in has been used or has expired. Please sign in with your e-mail address and password.';
export const JOIN_SIGN_IN_NOT_YET = 'Your payment is still being confirmed. Please try again in a few seconds.';

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

export type MembershipDeps = {
  db: Kysely<Database>;
  payments: PaymentsService;
  brake: CardBrake;
  fulfilment: FulfilmentService;
  limiter: RateLimiter;
  clock: () => Date;
  audit: AuditTrail;
  passwords: PasswordHasher;
  /** The consent wording shown on the form now (a site text). */
  consentWording: () => Promise<string>;
  /** Keeps the card for automatic renewal when the payer ticks "Renew automatically each year" (decision 140). */
  autoRenewal: Pick<AutoRenewalService, 'customerForJoining' | 'customerForMember'>;
  /** Opens a session for an account, as signing in does, and answers its token. */
  startSession: (
    user: { id: string; email: string; role: 'member' | 'editor' | 'admin'; token_version: number; first_name: string },
    context: SignInContext,
  ) => Promise<string>;
};

export function membershipService({
  db,
  payments,
  brake,
  fulfilment,
  limiter,
  clock,
  audit,
  passwords,
  consentWording,
  startSession,
  autoRenewal,
}: MembershipDeps) {
  const repo = membershipRepo(db);

  function tierOrThrow(index: number) {
    const tier = tierByIndex(index);
    if (!tier) throw badRequest('Choose a membership tier');
    return tier;
  }

  /** The student tier's rule (shared with the join form), by the London year now. */
  function checkStudentYear(tierIndex: number, gradYear: number | null, field: 'grad_year' | 'tier_index') {
    const problem = studentYearProblem(tierIndex, gradYear, Number(londonDate(clock()).slice(0, 4)));
    if (problem) throw new ValidationError(siteTextDefaults[studentYearTexts[problem]].replace('{year}', String(gradYear)), field);
  }

  return {
    /**
     * Step one of joining: validates, refuses an address that has an account, keeps the form
     * (password hashed at once) as a pending registration and prices the tier here, never
     * trusting a price from the browser.
     */
    async registerProceed(form: ValidRegistration, ip: string, cardCheck?: string): Promise<ProceedResponse> {
      // A refusal of what was typed, before anything counts against the address.
      checkStudentYear(form.tier_index, form.grad_year, 'grad_year');
      const address = addressKey(ip);
      // Refused while the password threads are full before anything counts against the address.
      passwords.refuseWhenBusy();
      await limiter.hit({ bucket: 'register-proceed', key: address, max: 20, windowMs: TEN_MINUTES }, TOO_MANY_ATTEMPTS);
      // Saying "this address has an account" tells who is a member: a few times a day per address
      // (decision record 019). Past that, every registration from the address waits, taken or not.
      if ((await limiter.recent(TAKEN_BUCKET, address, DAY)) >= TAKEN_ANSWERS_PER_DAY) throw tooManyRequests(TOO_MANY_ATTEMPTS, 3600);
      if (await repo.emailTaken(emailKey(form.email))) {
        await limiter.hit({ bucket: TAKEN_BUCKET, key: address, max: TAKEN_ANSWERS_PER_DAY, windowMs: DAY }, TOO_MANY_ATTEMPTS);
        throw conflict(EMAIL_TAKEN);
      }
      const tier = tierOrThrow(form.tier_index);
      if (form.auto_renew && tier.pence === 0) throw new ValidationError(FREE_TIER, 'auto_renew');
      if (tier.pence > 0) await brake.beforeStart({ ip, check: cardCheck }, { pausable: true });
      const { email, plain_pw, tier_index: _tier, auto_renew, ...rest } = form;
      const fields = pendingFields.parse({
        ...rest,
        grad_year: tier.index === 2 ? rest.grad_year : null,
        consent_version: wordingVersion(await consentWording()),
        consent_at: clock().toISOString(),
      });
      const pendingId = randomUUID();
      await repo.insertPending({
        id: pendingId,
        email,
        password_hash: await passwords.hash(plain_pw),
        fields: JSON.stringify(fields),
        created_at: clock().toISOString(),
      });
      const dateEffective = londonDate(clock());
      const saveForCustomer = auto_renew
        ? await autoRenewal.customerForJoining({ email, name: `${form.first_name} ${form.last_name}`, pendingId })
        : undefined;
      const { paymentId, clientSecret } = await payments.begin({
        saveForCustomer,
        kind: 'registration',
        amountPence: tier.pence,
        email,
        description: `Membership: ${tier.name}`,
        tierIndex: tier.index,
        dateEffective,
        referenceId: pendingId,
        clientIp: ip,
      });
      // The joining browser alone holds the secret: with it, the account the payment makes signs in once.
      const signInSecret = randomBytes(24).toString('base64url');
      const now = clock();
      await repo.insertJoinSignIn({
        payment_id: paymentId,
        secret_hash: secretHash(signInSecret),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + JOIN_SIGN_IN_MS).toISOString(),
        used_at: null,
      });
      return {
        tier: { name: tier.name, pence: tier.pence },
        date_effective: dateEffective,
        payment_id: paymentId,
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        sign_in_secret: signInSecret,
        ...(saveForCustomer ? { auto_renew: true } : {}),
      };
    },

    /**
     * Signs a new member in with the secret their registration's proceed gave, once the payment
     * has made the account: once, within a day, and not after the account ended its sessions
     * (a password reset, "sign out everywhere"), so a stolen secret is worth little (decision 086).
     */
    async registerSignIn(paymentId: string, secret: string, context: SignInContext): Promise<TokenResponse> {
      const grant = await repo.findJoinSignIn(paymentId);
      const given = Buffer.from(secretHash(secret), 'hex');
      const matches = grant !== undefined && timingSafeEqual(given, Buffer.from(grant.secret_hash, 'hex'));
      const now = clock().toISOString();
      if (!grant || !matches || grant.used_at !== null || grant.expires_at <= now) throw badRequest(JOIN_SIGN_IN_USED);
      const account = await repo.registrationAccount(paymentId);
      if (!account || account.kind !== 'registration') throw badRequest(JOIN_SIGN_IN_USED);
      if (!account.id || !account.email || !account.role || account.token_version === null || account.first_name === null) {
        // Not made yet: the card step's settle or the provider's webhook is on its way.
        if (account.status === 'pending') throw conflict(JOIN_SIGN_IN_NOT_YET);
        throw badRequest(JOIN_SIGN_IN_USED);
      }
      if (account.token_version !== 0) throw badRequest(JOIN_SIGN_IN_USED);
      if (!(await repo.useJoinSignIn(paymentId, now))) throw badRequest(JOIN_SIGN_IN_USED);
      const user = {
        id: account.id,
        email: account.email,
        role: account.role,
        token_version: account.token_version,
        first_name: account.first_name,
      };
      return { access_token: await startSession(user, context), token_type: 'bearer', username: user.email, role: user.role };
    },

    /** Completes a registration that costs nothing; a paid one must go through the card step. */
    async registerConfirmSimple(paymentId: string): Promise<void> {
      const result = await fulfilment.fulfilFree(paymentId, (p) => p.kind === 'registration');
      if (result === 'unknown-payment') throw badRequest(NEEDS_CARD);
    },

    async memberInfo(userId: string): Promise<MemberInfo> {
      const [member, latest] = await Promise.all([repo.member(userId), repo.latestPeriod(userId)]);
      if (!member) throw notFound('Member not found');
      const { id: _id, ...info } = member;
      return { ...info, latest_period: latest ? { start: latest.period_start!, end: latest.period_end! } : null };
    },

    /**
     * Starts a renewal. `date_effective` is the expected start (docs/product.md's field): the year is really
     * placed when the payment succeeds, from the expiry at that moment (decision record 011).
     * A free tier renews only in its last 30 days or after it has lapsed.
     */
    async renewProceed(userId: string, tierIndex: number, ip: string, autoRenew = false): Promise<ProceedResponse> {
      const member = await repo.member(userId);
      if (!member) throw notFound('Member not found');
      const tier = tierOrThrow(tierIndex);
      if (autoRenew && tier.pence === 0) throw new ValidationError(FREE_TIER, 'auto_renew');
      checkStudentYear(tier.index, member.grad_year, 'tier_index');
      const today = londonDate(clock());
      if (tier.pence === 0 && !freeRenewalOpen(member.last_renewed_date, today)) throw conflict(FREE_RENEWAL_TOO_EARLY);
      if (tier.pence > 0) await brake.beforeStart({ ip }, { pausable: false });
      const dateEffective = renewalEffectiveDate(member.last_renewed_date, today);
      const saveForCustomer = autoRenew ? await autoRenewal.customerForMember(userId) : undefined;
      const { paymentId, clientSecret } = await payments.begin({
        saveForCustomer,
        kind: 'renewal',
        amountPence: tier.pence,
        email: member.email,
        description: `Membership renewal: ${tier.name}`,
        userId,
        tierIndex: tier.index,
        dateEffective,
        clientIp: ip,
      });
      return {
        tier: { name: tier.name, pence: tier.pence },
        date_effective: dateEffective,
        payment_id: paymentId,
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        ...(saveForCustomer ? { auto_renew: true } : {}),
      };
    },

    async renewConfirmSimple(userId: string, paymentId: string): Promise<void> {
      const result = await fulfilment.fulfilFree(paymentId, (p) => p.kind === 'renewal' && p.user_id === userId);
      if (result === 'unknown-payment') throw badRequest(NEEDS_CARD);
    },

    /**
     * A renewal the admin received by hand: recorded as a succeeded payment with their note and
     * given effect by the same fulfilment as a card renewal (new year, receipt mail), in one
     * transaction with its audit entry.
     */
    async recordOfflineRenewal(request: z.output<typeof recordRenewalRequest>, actor: NonNullable<Actor>) {
      const member = await repo.member(request.user_id);
      if (!member) throw notFound('Member not found');
      const tier = tierOrThrow(request.tier_index);
      const dateEffective = renewalEffectiveDate(member.last_renewed_date, londonDate(clock()));
      // Read before the transaction opens: on SQLite it holds the one connection.
      const mail = await fulfilment.mailContext();
      const record = () =>
        audit.change(
          actor,
          async (trx) => {
            const recorded = await payments.recordOffline(trx, {
              kind: 'renewal',
              amountPence: request.amount,
              email: member.email,
              description: `Membership renewal: ${tier.name}`,
              userId: member.id,
              tierIndex: tier.index,
              dateEffective,
              note: request.note,
            });
            const done = await fulfilment.fulfilRecorded(trx, recorded, mail);
            return { payment: recorded, period: done.period! };
          },
          ({ period }) => ({
            kind: 'membership',
            action: 'recorded',
            subject_id: member.id,
            summary: `Recorded ${formatPence(request.amount)} from ${member.email} (${request.note}): ${tier.name} from ${period.start}`,
          }),
        );
      // A card renewal of the same member committing at the same moment (PostgreSQL): record again after it.
      const { payment, period } = await retryOnConcurrentChange(record);
      fulfilment.deliverSoon();
      return { payment_id: payment.id, last_renewed_date: period.start, expiry_date: period.end };
    },

    /**
     * The admin's decision on a membership payment Stripe refunded or that is disputed: keep the
     * membership as it is, or take off the year the payment bought. Decided once, with its audit
     * entry in the same transaction (decision record 014).
     */
    async reviewPayment(request: PaymentReviewRequest, actor: NonNullable<Actor>) {
      return audit
        .change(
          actor,
          async (trx) => {
            const payment = await paymentsRepo(trx).findById(request.payment_id);
            if (!payment || !isMembershipPayment(payment.kind)) throw notFound('Payment not found');
            if (!awaitsReview({ kind: payment.kind, status: payment.status, review: payment.review }))
              throw conflict('This payment has been decided on already, or was not refunded or disputed');
            if (!(await paymentsRepo(trx).setReview(payment.id, request.decision === 'end' ? 'ended' : 'kept')))
              throw conflict('This payment has been decided on already');
            const members = membershipRepo(trx);
            const member = payment.user_id ? await members.member(payment.user_id) : undefined;
            let lastRenewed = member?.last_renewed_date ?? null;
            if (member && lastRenewed && request.decision === 'end') {
              const shortened = addYears(lastRenewed, -1);
              if (!(await members.renew(member.id, member.tier_index ?? payment.tier_index ?? 0, lastRenewed, shortened)))
                throw conflict('The membership changed meanwhile. Please reload the page and decide again.');
              lastRenewed = shortened;
            }
            return { payment, member, lastRenewed };
          },
          ({ payment, member, lastRenewed }) => ({
            kind: 'membership',
            action: 'changed',
            subject_id: member?.id ?? payment.user_id,
            summary:
              request.decision === 'end'
                ? `Took off the year paid by the ${payment.kind} of ${formatPence(payment.amount_pence)} from ${payment.email} (${payment.status.replace('_', ' ')})${lastRenewed ? `: membership now ends ${expiryDate(lastRenewed)}` : ''}`
                : `Kept the membership of ${payment.email} despite the ${payment.status.replace('_', ' ')} ${payment.kind} of ${formatPence(payment.amount_pence)}`,
          }),
        )
        .then(({ lastRenewed }) => ({ last_renewed_date: lastRenewed, expiry_date: lastRenewed ? expiryDate(lastRenewed) : null }));
    },

    /** Pending registrations never paid for are dropped after a week (they hold a password hash). */
    async prunePending(): Promise<void> {
      await repo.prunePending(new Date(clock().getTime() - 7 * 24 * 60 * 60 * 1000).toISOString());
      await repo.pruneJoinSignIns(clock().toISOString());
    },
  };
}
export type MembershipService = ReturnType<typeof membershipService>;
