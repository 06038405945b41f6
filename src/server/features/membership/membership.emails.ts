import { fillText, SHIPPED_ENGLISH, type Words } from '../../../shared/domain/site-text-languages';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import type { Language } from '../../../shared/domain/language';
import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { formatTierPrice, tierByIndex } from '../../../shared/domain/tiers';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMail, renderMailIn, wordsFor, type MailContext } from '../../integrations/mail/template';
import { pageUrl } from '../../../shared/domain/page-paths';

export type { MailContext };

type Member = { email: string; first_name: string };
/** A member and the language their mail is written in (decisions 150, 191). */
type Reader = Member & { language: Language };
/** What was bought: `period` is the membership year it gave, decided when the payment succeeded. */
type Purchase = { tierIndex: number; amountPence: number; period: { start: string; end: string }; paymentId: string; paidAt: string };

/** A tier's name in a language: the site text of its name in Armenian. */
export function tierNameIn(tierIndex: number, { text, language }: Words): string {
  const tier = tierByIndex(tierIndex);
  if (!tier) return `Tier ${tierIndex}`;
  return language === 'en' ? tier.name : text(`tier.${tier.index}.name` as SiteTextKey);
}

/** The receipt's lines in the words of a language (decision 150); English as shipped by default. */
function receipt(purchase: Purchase, words: Words = SHIPPED_ENGLISH): [string, string][] {
  const { text, language } = words;
  const tier = tierByIndex(purchase.tierIndex);
  const price =
    language === 'en' || !tier
      ? tier
        ? formatTierPrice(tier.pence)
        : formatPence(purchase.amountPence)
      : tier.pence === 0
        ? text('tier.free')
        : fillText(text('tier.per_year'), { price: formatPence(tier.pence, language) });
  return [
    [text('mail.receipt.membership'), tierNameIn(purchase.tierIndex, words)],
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

/** A renewal's receipt, in the member's language (decision 191). */
export function renewalMail(member: Reader, purchase: Purchase, ctx: MailContext): MailMessage {
  const words = wordsFor(ctx, member.language);
  const { text, language } = words;
  const site = { site: ctx.siteName };
  const body = renderMailIn(words, ctx, {
    name: member.first_name,
    paragraphs: [fillText(text('mail.renewal.body'), site)],
    receipt: receipt(purchase, words),
    action: { label: text('mail.profile_action'), url: pageUrl(ctx.publicUrl, 'profile', {}, language) },
  });
  return { to: member.email, subject: fillText(text('mail.renewal.subject'), site), kind: 'renewal-receipt', ...body };
}

export type ReminderKind = '30-days' | '7-days' | 'lapsed';

/** "today", "tomorrow" or "in N days", in the member's words. */
function inDays(daysLeft: number, { text }: Words): string {
  if (daysLeft === 0) return text('mail.reminder.today');
  if (daysLeft === 1) return text('mail.reminder.tomorrow');
  return fillText(text('mail.reminder.in_days'), { days: String(daysLeft) });
}

/** `daysLeft` is counted when the mail is written, so a late run still says how long is really left. In the member's language (decision 191). */
export function reminderMail(member: Reader, kind: ReminderKind, expiry: string, daysLeft: number, ctx: MailContext): MailMessage {
  const words = wordsFor(ctx, member.language);
  const { text, language } = words;
  const values = { site: ctx.siteName, date: formatLongDate(expiry, language), when: inDays(daysLeft, words) };
  const paragraphs =
    kind === 'lapsed'
      ? [fillText(text('mail.reminder.lapsed.body'), values), text('mail.reminder.lapsed.renew')]
      : [fillText(text('mail.reminder.body'), values), text('mail.reminder.renew')];
  const body = renderMailIn(words, ctx, {
    name: member.first_name,
    paragraphs,
    action: { label: text('mail.renew_action'), url: pageUrl(ctx.publicUrl, 'renew', {}, language) },
  });
  const subject = fillText(text(kind === 'lapsed' ? 'mail.reminder.lapsed.subject' : 'mail.reminder.subject'), values);
  return { to: member.email, subject, kind: `reminder-${kind}`, ...body };
}
