import { fillText, SHIPPED_ENGLISH, type Words } from '../../../shared/domain/site-text-languages';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { formatTierPrice, tierByIndex } from '../../../shared/domain/tiers';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMail, type MailContext } from '../../integrations/mail/template';
import { pageUrl } from '../../../shared/domain/page-paths';

export type { MailContext };

type Member = { email: string; first_name: string };
/** What was bought: `period` is the membership year it gave, decided when the payment succeeded. */
type Purchase = { tierIndex: number; amountPence: number; period: { start: string; end: string }; paymentId: string; paidAt: string };

/** The receipt's lines in the words of a language (decision 150); English as shipped by default. */
function receipt(purchase: Purchase, { text, language }: Words = SHIPPED_ENGLISH): [string, string][] {
  const tier = tierByIndex(purchase.tierIndex);
  const tierName = tier ? (language === 'en' ? tier.name : text(`tier.${tier.index}.name` as SiteTextKey)) : `Tier ${purchase.tierIndex}`;
  const price =
    language === 'en' || !tier
      ? tier
        ? formatTierPrice(tier.pence)
        : formatPence(purchase.amountPence)
      : tier.pence === 0
        ? text('tier.free')
        : fillText(text('tier.per_year'), { price: formatPence(tier.pence, language) });
  return [
    [text('mail.receipt.membership'), tierName],
    [text('mail.receipt.price'), price],
    [text('mail.receipt.amount_paid'), formatPence(purchase.amountPence, language)],
    [text('mail.receipt.paid_on'), formatLongDate(purchase.paidAt.slice(0, 10), language)],
    [text('mail.receipt.from'), formatLongDate(purchase.period.start, language)],
    [text('mail.receipt.until'), formatLongDate(purchase.period.end, language)],
    [text('mail.receipt.number'), purchase.paymentId],
  ];
}

/** The welcome and first receipt, in the member's language (decision 150), linking to the sign-in page in it. */
export function welcomeMail(member: Member, purchase: Purchase, ctx: MailContext, words: Words = SHIPPED_ENGLISH): MailMessage {
  const { text, language } = words;
  const site = { site: ctx.siteName };
  const body = renderMail({
    siteName: ctx.siteName,
    language,
    greeting: fillText(text('mail.dear'), { name: member.first_name }),
    paragraphs: [fillText(text('mail.welcome.body'), site), text('mail.welcome.sign_in_hint')],
    receipt: receipt(purchase, words),
    action: { label: text('mail.welcome.action'), url: pageUrl(ctx.publicUrl, 'signIn', {}, language) },
    closing: `${text('mail.closing')}\n${ctx.siteName}`,
  });
  return { to: member.email, subject: fillText(text('mail.welcome.subject'), site), kind: 'welcome', ...body };
}

export function renewalMail(member: Member, purchase: Purchase, ctx: MailContext): MailMessage {
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${member.first_name},`,
    paragraphs: [`Thank you for renewing your membership of the ${ctx.siteName}. This e-mail is your receipt.`],
    receipt: receipt(purchase),
    action: { label: 'Your profile', url: pageUrl(ctx.publicUrl, 'profile') },
  });
  return { to: member.email, subject: 'Your membership renewal receipt', kind: 'renewal-receipt', ...body };
}

export type ReminderKind = '30-days' | '7-days' | 'lapsed';

function inDays(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  if (daysLeft === 1) return 'tomorrow';
  return `in ${daysLeft} days`;
}

/** `daysLeft` is counted when the mail is written, so a late run still says how long is really left. */
export function reminderMail(member: Member, kind: ReminderKind, expiry: string, daysLeft: number, ctx: MailContext): MailMessage {
  const when = formatLongDate(expiry);
  const paragraphs =
    kind === 'lapsed'
      ? [
          `Your membership of the ${ctx.siteName} ran until ${when} and has now ended.`,
          'Renewing takes a minute, and your new membership year starts on the day you renew.',
        ]
      : [
          `Your membership of the ${ctx.siteName} ends on ${when}, ${inDays(daysLeft)}.`,
          'Renewing takes a minute, and renewing early loses no days: your new year starts when the current one ends.',
        ];
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${member.first_name},`,
    paragraphs,
    action: { label: 'Renew your membership', url: pageUrl(ctx.publicUrl, 'renew') },
  });
  const subject = kind === 'lapsed' ? 'Your membership has ended' : `Your membership ends on ${when}`;
  return { to: member.email, subject, kind: `reminder-${kind}`, ...body };
}
