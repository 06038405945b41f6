import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { emailKey } from '../../../shared/domain/email';
import type { Database } from '../../db/schema';
import type { FulfilmentHandler } from '../../payments/fulfilment';
import { renewalMail, welcomeMail } from './membership.emails';
import { membershipRepo } from './membership.repo';

/** The registration fields kept with a pending registration (everything but e-mail and password). */
export const pendingFields = z.object({
  first_name: z.string(),
  last_name: z.string(),
  qualifications: z.string().nullable(),
  workplace: z.string().nullable(),
  job_title: z.string().nullable(),
  grad_year: z.number().nullable(),
  addr_line1: z.string(),
  addr_line2: z.string().nullable(),
  addr_city: z.string(),
  addr_post: z.string(),
  phone_no: z.string(),
});

/** Completing a registration creates the member, dated from the effective date, and welcomes them. */
export function registrationFulfilment(clock: () => Date, log: { warn(obj: object, msg: string): void }): FulfilmentHandler {
  return async (trx: Kysely<Database>, payment, mailContext) => {
    const repo = membershipRepo(trx);
    const pending = payment.reference_id ? await repo.findPending(payment.reference_id) : undefined;
    if (!pending || payment.tier_index === null || !payment.date_effective)
      throw new Error(`Registration payment ${payment.id} has no pending registration`);
    if (await repo.emailTaken(emailKey(pending.email))) {
      // Paid twice for one address (two tabs): the account exists already; keep the record, send no second welcome.
      log.warn({ paymentId: payment.id }, 'registration paid for an address that already has an account');
      return [];
    }
    const fields = pendingFields.parse(JSON.parse(pending.fields));
    const userId = randomUUID();
    await repo.insertUser({
      ...fields,
      id: userId,
      email: pending.email,
      email_key: emailKey(pending.email),
      password_hash: pending.password_hash,
      role: 'member',
      tier_index: payment.tier_index,
      registered_date: payment.date_effective,
      last_renewed_date: payment.date_effective,
      created_at: clock().toISOString(),
    });
    await trx.updateTable('payments').set({ user_id: userId }).where('id', '=', payment.id).execute();
    await repo.deletePending(pending.id);
    const purchase = {
      tierIndex: payment.tier_index,
      amountPence: payment.amount_pence,
      dateEffective: payment.date_effective,
      paymentId: payment.id,
      paidAt: clock().toISOString(),
    };
    return [welcomeMail({ email: pending.email, first_name: fields.first_name }, purchase, mailContext)];
  };
}

/** Completing a renewal moves the member's year on and sends the receipt. */
export function renewalFulfilment(clock: () => Date): FulfilmentHandler {
  return async (trx, payment, mailContext) => {
    const repo = membershipRepo(trx);
    const member = payment.user_id ? await repo.member(payment.user_id) : undefined;
    if (!member || payment.tier_index === null || !payment.date_effective) throw new Error(`Renewal payment ${payment.id} has no member`);
    await repo.renew(member.id, payment.tier_index, payment.date_effective);
    const purchase = {
      tierIndex: payment.tier_index,
      amountPence: payment.amount_pence,
      dateEffective: payment.date_effective,
      paymentId: payment.id,
      paidAt: clock().toISOString(),
    };
    return [renewalMail(member, purchase, mailContext)];
  };
}
