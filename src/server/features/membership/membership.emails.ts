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

function receipt(purchase: Purchase): [string, string][] {
  const tier = tierByIndex(purchase.tierIndex);
  return [
    ['Membership', tier?.name ?? `Tier ${purchase.tierIndex}`],
    ['Price', tier ? formatTierPrice(tier.pence) : formatPence(purchase.amountPence)],
    ['Amount paid', formatPence(purchase.amountPence)],
    ['Paid on', formatLongDate(purchase.paidAt.slice(0, 10))],
    ['Membership from', formatLongDate(purchase.period.start)],
    ['Membership until', formatLongDate(purchase.period.end)],
    ['Receipt number', purchase.paymentId],
  ];
}

export function welcomeMail(member: Member, purchase: Purchase, ctx: MailContext): MailMessage {
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: `Dear ${member.first_name},`,
    paragraphs: [
      `Welcome to the ${ctx.siteName}. Your membership is now active, and this e-mail is your receipt.`,
      'You can sign in with your e-mail address and the password you chose to see your membership and renew it each year.',
    ],
    receipt: receipt(purchase),
    action: { label: 'Sign in', url: pageUrl(ctx.publicUrl, 'signIn') },
  });
  return { to: member.email, subject: `Welcome to the ${ctx.siteName}`, kind: 'welcome', ...body };
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
