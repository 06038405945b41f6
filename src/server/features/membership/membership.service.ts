import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { recordRenewalRequest } from '../../../shared/api/admin';
import type { MemberInfo, ProceedResponse } from '../../../shared/api/membership';
import type { registrationForm } from '../../../shared/api/membership';
import { emailKey } from '../../../shared/domain/email';
import { londonDate } from '../../../shared/domain/london-time';
import { expiryDate, renewalEffectiveDate } from '../../../shared/domain/membership';
import { formatPence } from '../../../shared/domain/money';
import { tierByIndex } from '../../../shared/domain/tiers';
import type { z } from 'zod';
import type { Actor, AuditTrail } from '../../audit/audit-trail';
import type { PasswordHasher } from '../../auth/password';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { FulfilmentService } from '../../payments/fulfilment';
import type { PaymentsService } from '../../payments/payments.service';
import { pendingFields } from './membership.fulfilment';
import { membershipRepo } from './membership.repo';

type ValidRegistration = z.output<typeof registrationForm>;

const TEN_MINUTES = 10 * 60 * 1000;
const NEEDS_CARD = 'This membership is paid by card: please use the card payment form.';

export type MembershipDeps = {
  db: Kysely<Database>;
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  limiter: RateLimiter;
  clock: () => Date;
  audit: AuditTrail;
  passwords: PasswordHasher;
};

export function membershipService({ db, payments, fulfilment, limiter, clock, audit, passwords }: MembershipDeps) {
  const repo = membershipRepo(db);

  function tierOrThrow(index: number) {
    const tier = tierByIndex(index);
    if (!tier) throw badRequest('Choose a membership tier');
    return tier;
  }

  return {
    /**
     * Step one of joining: validates, refuses an address that has an account, keeps the form
     * (password hashed at once) as a pending registration and prices the tier here, never
     * trusting a price from the browser.
     */
    async registerProceed(form: ValidRegistration, ip: string): Promise<ProceedResponse> {
      await limiter.hit(
        { bucket: 'register-proceed', key: ip, max: 20, windowMs: TEN_MINUTES },
        'Too many attempts. Please wait a few minutes and try again.',
      );
      if (await repo.emailTaken(emailKey(form.email))) {
        throw conflict(
          'An account with this e-mail address already exists. Please sign in, or reset your password if you have forgotten it.',
        );
      }
      const tier = tierOrThrow(form.tier_index);
      const { email, plain_pw, tier_index: _tier, ...rest } = form;
      const fields = pendingFields.parse({ ...rest, grad_year: tier.index === 2 ? rest.grad_year : null });
      const pendingId = randomUUID();
      await repo.insertPending({
        id: pendingId,
        email,
        password_hash: await passwords.hash(plain_pw),
        fields: JSON.stringify(fields),
        created_at: clock().toISOString(),
      });
      const dateEffective = londonDate(clock());
      const { paymentId, clientSecret } = await payments.begin({
        kind: 'registration',
        amountPence: tier.pence,
        email,
        description: `Membership: ${tier.name}`,
        tierIndex: tier.index,
        dateEffective,
        referenceId: pendingId,
      });
      return {
        tier: { name: tier.name, pence: tier.pence },
        date_effective: dateEffective,
        payment_id: paymentId,
        ...(clientSecret ? { client_secret: clientSecret } : {}),
      };
    },

    /** Completes a registration that costs nothing; a paid one must go through the card step. */
    async registerConfirmSimple(paymentId: string): Promise<void> {
      const result = await fulfilment.fulfilFree(paymentId, (p) => p.kind === 'registration');
      if (result === 'unknown-payment') throw badRequest(NEEDS_CARD);
    },

    async memberInfo(userId: string): Promise<MemberInfo> {
      const member = await repo.member(userId);
      if (!member) throw notFound('Member not found');
      const { id: _id, ...info } = member;
      return info;
    },

    /** Renewing early loses no days: the new year starts at the current expiry while that is ahead. */
    async renewProceed(userId: string, tierIndex: number): Promise<ProceedResponse> {
      const member = await repo.member(userId);
      if (!member) throw notFound('Member not found');
      const tier = tierOrThrow(tierIndex);
      const dateEffective = renewalEffectiveDate(member.last_renewed_date, londonDate(clock()));
      const { paymentId, clientSecret } = await payments.begin({
        kind: 'renewal',
        amountPence: tier.pence,
        email: member.email,
        description: `Membership renewal: ${tier.name}`,
        userId,
        tierIndex: tier.index,
        dateEffective,
      });
      return {
        tier: { name: tier.name, pence: tier.pence },
        date_effective: dateEffective,
        payment_id: paymentId,
        ...(clientSecret ? { client_secret: clientSecret } : {}),
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
      const payment = await audit.change(
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
          await fulfilment.fulfilRecorded(trx, recorded, mail);
          return recorded;
        },
        () => ({
          kind: 'membership',
          action: 'recorded',
          subject_id: member.id,
          summary: `Recorded ${formatPence(request.amount)} from ${member.email} (${request.note}): ${tier.name} from ${dateEffective}`,
        }),
      );
      fulfilment.deliverSoon();
      return { payment_id: payment.id, last_renewed_date: dateEffective, expiry_date: expiryDate(dateEffective) };
    },

    /** Pending registrations never paid for are dropped after a week (they hold a password hash). */
    prunePending(): Promise<void> {
      return repo.prunePending(new Date(clock().getTime() - 7 * 24 * 60 * 60 * 1000).toISOString());
    },
  };
}
export type MembershipService = ReturnType<typeof membershipService>;
