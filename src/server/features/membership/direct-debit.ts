import type { Kysely } from 'kysely';
import { formatPence } from '../../../shared/domain/money';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { Database } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMailIn, wordsFor, type MailContext } from '../../integrations/mail/template';
import type { Language } from '../../../shared/domain/language';
import { fillText } from '../../../shared/domain/site-text-languages';
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
      const admins = await membershipRepo(trx).admins();
      const mails: MailMessage[] = [payerMail(payer, payment, message, context)];
      // Each admin is told in their own language (decision 191).
      for (const admin of admins) mails.push(adminMail(admin, payer, payment, message, context));
      return mails;
    },
    async mandateEnded(paymentMethodId, event) {
      await autoRenewal().mandateEnded(paymentMethodId, event);
    },
  };
}

type Payer = { email: string; first_name: string | null; name: string; language: Language };

/** Who paid: the member, or for a joining (no account yet) the name on the pending registration. */
async function payerOf(trx: Kysely<Database>, payment: PaymentRow): Promise<Payer> {
  if (payment.user_id) {
    const member = await membershipRepo(trx).member(payment.user_id);
    if (member)
      return {
        email: member.email,
        first_name: member.first_name,
        name: `${member.first_name} ${member.last_name}`,
        language: member.language,
      };
  }
  const pending =
    payment.kind === 'registration' && payment.reference_id ? await membershipRepo(trx).findPending(payment.reference_id) : undefined;
  const fields = pending ? pendingFields.safeParse(JSON.parse(pending.fields)) : undefined;
  if (fields?.success)
    return {
      email: payment.email,
      first_name: fields.data.first_name,
      name: `${fields.data.first_name} ${fields.data.last_name}`,
      // The language chosen when joining (decision 150).
      language: fields.data.language ?? 'en',
    };
  return { email: payment.email, first_name: null, name: payment.email, language: 'en' };
}

function payerMail(payer: Payer, payment: PaymentRow, reason: string, ctx: MailContext): MailMessage {
  const joining = payment.kind === 'registration';
  const words = wordsFor(ctx, payer.language);
  const { text, language } = words;
  const values = { site: ctx.siteName, amount: formatPence(payment.amount_pence, language), reason };
  const body = renderMailIn(words, ctx, {
    name: payer.first_name,
    anonymous: 'mail.hello',
    paragraphs: [
      fillText(text(joining ? 'mail.debit_failed.joining' : 'mail.debit_failed.renewal'), values),
      text(joining ? 'mail.debit_failed.not_started' : 'mail.debit_failed.not_renewed'),
    ],
    action: joining
      ? { label: text('mail.debit_failed.join_again'), url: pageUrl(ctx.publicUrl, 'register', {}, language) }
      : { label: text('mail.debit_failed.renew'), url: pageUrl(ctx.publicUrl, 'renew', {}, language) },
  });
  return { to: payer.email, subject: text('mail.debit_failed.subject'), kind: 'direct-debit-failed', ...body };
}

/** To an admin, in the admin's language: the back office's link in it too. */
function adminMail(
  admin: { email: string; language: Language },
  payer: Payer,
  payment: PaymentRow,
  reason: string,
  ctx: MailContext,
): MailMessage {
  const words = wordsFor(ctx, admin.language);
  const { text, language } = words;
  const values = { amount: formatPence(payment.amount_pence, language), name: payer.name, email: payer.email, reason };
  const body = renderMailIn(words, ctx, {
    name: null,
    anonymous: 'mail.hello',
    paragraphs: [
      fillText(text(payment.kind === 'registration' ? 'mail.debit_failed_admin.joining' : 'mail.debit_failed_admin.renewal'), values),
      text('mail.debit_failed_admin.nothing_done'),
    ],
    action: { label: text('mail.debit_failed_admin.action'), url: pageUrl(ctx.publicUrl, 'adminPayments', {}, language) },
  });
  return {
    to: admin.email,
    subject: fillText(text('mail.debit_failed_admin.subject'), values),
    kind: 'direct-debit-failed-admin',
    ...body,
  };
}
