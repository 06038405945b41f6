import type { Kysely } from 'kysely';
import { formatPence } from '../../../shared/domain/money';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { Database } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMail, type MailContext } from '../../integrations/mail/template';
import type { DirectDebitHooks } from '../../payments/payment-events';
import type { PaymentRow } from '../../payments/payments.repo';
import type { AutoRenewalService } from './auto-renewal.service';
import { pendingFields } from './membership.fulfilment';
import { membershipRepo } from './membership.repo';

/**
 * What a membership's Bacs Direct Debit events do (decision 175): a failed joining or renewal is
 * told to the payer and to every admin (nothing was fulfilled); an automatic renewal's failure is
 * that attempt's decline; a cancelled mandate turns automatic renewal off.
 */
export function membershipDirectDebits(autoRenewal: () => AutoRenewalService): DirectDebitHooks {
  return {
    automaticFailed: (payment, message, event) => autoRenewal().debitFailed(payment, message, event),
    async tell(trx, payment, message, context) {
      const payer = await payerOf(trx, payment);
      const admins = await trx.selectFrom('users').select('email').where('role', '=', 'admin').execute();
      const mails: MailMessage[] = [payerMail(payer, payment, message, context)];
      for (const admin of admins) mails.push(adminMail(admin.email, payer, payment, message, context));
      return mails;
    },
    async mandateEnded(paymentMethodId, event) {
      await autoRenewal().mandateEnded(paymentMethodId, event);
    },
  };
}

type Payer = { email: string; first_name: string | null; name: string };

/** Who paid: the member, or for a joining (no account yet) the name on the pending registration. */
async function payerOf(trx: Kysely<Database>, payment: PaymentRow): Promise<Payer> {
  if (payment.user_id) {
    const member = await membershipRepo(trx).member(payment.user_id);
    if (member) return { email: member.email, first_name: member.first_name, name: `${member.first_name} ${member.last_name}` };
  }
  const pending =
    payment.kind === 'registration' && payment.reference_id ? await membershipRepo(trx).findPending(payment.reference_id) : undefined;
  const fields = pending ? pendingFields.safeParse(JSON.parse(pending.fields)) : undefined;
  if (fields?.success)
    return { email: payment.email, first_name: fields.data.first_name, name: `${fields.data.first_name} ${fields.data.last_name}` };
  return { email: payment.email, first_name: null, name: payment.email };
}

const what = (payment: PaymentRow) => (payment.kind === 'registration' ? 'joining' : 'renewal');

function payerMail(payer: Payer, payment: PaymentRow, reason: string, ctx: MailContext): MailMessage {
  const joining = payment.kind === 'registration';
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: payer.first_name ? `Dear ${payer.first_name},` : 'Hello,',
    paragraphs: [
      `We could not collect your Direct Debit of ${formatPence(payment.amount_pence)} for your membership ${what(payment)} of the ${ctx.siteName}: ${reason}`,
      joining
        ? 'Your membership has not started. Please join again and pay by card, or by Direct Debit from another account.'
        : 'Your membership has not been renewed by this payment. Please renew again and pay by card, or by Direct Debit from another account.',
    ],
    action: joining
      ? { label: 'Join again', url: pageUrl(ctx.publicUrl, 'register') }
      : { label: 'Renew', url: pageUrl(ctx.publicUrl, 'renew') },
  });
  return { to: payer.email, subject: 'Your Direct Debit payment did not go through', kind: 'direct-debit-failed', ...body };
}

function adminMail(to: string, payer: Payer, payment: PaymentRow, reason: string, ctx: MailContext): MailMessage {
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: 'Hello,',
    paragraphs: [
      `The Direct Debit of ${formatPence(payment.amount_pence)} from ${payer.name} (${payer.email}) for a membership ${what(payment)} failed: ${reason}`,
      'Nothing was fulfilled, and they have been told. The payment stays in the payments list as not paid.',
    ],
    action: { label: 'Payments', url: pageUrl(ctx.publicUrl, 'adminPayments') },
  });
  return { to, subject: `A Direct Debit failed: ${payer.email}`, kind: 'direct-debit-failed-admin', ...body };
}
