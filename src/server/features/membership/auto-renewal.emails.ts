import { formatLongDate } from '../../../shared/domain/dates';
import type { Language } from '../../../shared/domain/language';
import { formatPence } from '../../../shared/domain/money';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { fillText, type Words } from '../../../shared/domain/site-text-languages';
import type { MailMessage } from '../../integrations/mail/mailer';
import { cardWords, type MailCard as Card } from '../../integrations/mail/card-words';
import { renderMailIn, wordsFor, type MailContext } from '../../integrations/mail/template';
import { tierNameIn } from './membership.emails';

/**
 * The mails of automatic renewal (docs/product.md "Automatic renewal"); each is queued in the
 * transaction that decides it, in the member's language (decision 191).
 */
type Member = { email: string; first_name: string; language: Language };
/** One mail: its subject and paragraphs are site texts filled with the values given (dates and money already in its language). */
function mail(
  member: Member,
  ctx: MailContext,
  kind: string,
  keys: { subject: SiteTextKey; paragraphs: SiteTextKey[] },
  values: (words: Words) => Record<string, string>,
  action: (words: Words) => { label: string; url: string },
): MailMessage {
  const words = wordsFor(ctx, member.language);
  const filled = { site: ctx.siteName, ...values(words) };
  const paragraphs = keys.paragraphs.map((key) => fillText(words.text(key), filled));
  const body = renderMailIn(words, ctx, { name: member.first_name, paragraphs, action: action(words) });
  return { to: member.email, subject: fillText(words.text(keys.subject), filled), kind, ...body };
}

const profile = (ctx: MailContext) => (words: Words) => ({
  label: words.text('mail.profile_action'),
  url: pageUrl(ctx.publicUrl, 'profile', {}, words.language),
});

/** 14 days ahead: the amount and date (the amount is the one charged, a price change included), and how to stop it. */
export function noticeMail(member: Member, charge: { date: string; pence: number; tierIndex: number }, card: Card, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-notice',
    { subject: 'mail.auto.notice.subject', paragraphs: ['mail.auto.notice.body', 'mail.auto.notice.stop'] },
    (words) => ({
      date: formatLongDate(charge.date, words.language),
      amount: formatPence(charge.pence, words.language),
      tier: tierNameIn(charge.tierIndex, words),
      card: cardWords(card, words),
    }),
    profile(ctx),
  );
}

export function cardExpiringMail(member: Member, date: string, card: Card, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-card-expiring',
    { subject: 'mail.auto.card_expiring.subject', paragraphs: ['mail.auto.card_expiring.body', 'mail.auto.card_expiring.save'] },
    (words) => ({ date: formatLongDate(date, words.language), card: cardWords(card, words) }),
    profile(ctx),
  );
}

/** The bank wants the member present: the link opens a page whose button confirms (a GET changes nothing). */
export function actionRequiredMail(member: Member, payment: { id: string; pence: number }, retry: string | null, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-action-required',
    {
      subject: 'mail.auto.action.subject',
      paragraphs: ['mail.auto.action.body', retry ? 'mail.auto.action.confirm_or_retry' : 'mail.auto.action.confirm'],
    },
    (words) => ({ amount: formatPence(payment.pence, words.language), date: retry ? formatLongDate(retry, words.language) : '' }),
    (words) => ({
      label: words.text('mail.auto.action.action'),
      url: pageUrl(ctx.publicUrl, 'autoRenewPayment', { paymentId: payment.id }, words.language),
    }),
  );
}

export function declinedMail(member: Member, charge: { pence: number; reason: string }, retry: string, card: Card, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-declined',
    { subject: 'mail.auto.declined.subject', paragraphs: ['mail.auto.declined.body', 'mail.auto.declined.retry'] },
    (words) => ({
      amount: formatPence(charge.pence, words.language),
      card: cardWords(card, words),
      reason: charge.reason,
      date: formatLongDate(retry, words.language),
    }),
    profile(ctx),
  );
}

/** After the last decline: the membership lapses as any other, and automatic renewal is off. */
export function lapsedMail(member: Member, expiry: string, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-lapsed',
    { subject: 'mail.auto.lapsed.subject', paragraphs: ['mail.auto.lapsed.body', 'mail.auto.lapsed.renew'] },
    (words) => ({ date: formatLongDate(expiry, words.language) }),
    (words) => ({ label: words.text('mail.renew_action'), url: pageUrl(ctx.publicUrl, 'renew', {}, words.language) }),
  );
}

export function turnedOffByAdminMail(member: Member, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-turned-off',
    { subject: 'mail.auto.turned_off.subject', paragraphs: ['mail.auto.turned_off.body', 'mail.auto.turned_off.unchanged'] },
    () => ({}),
    profile(ctx),
  );
}

/** A year paid twice (by hand and automatically at once): the second payment is refunded in full. */
export function refundedTwiceMail(member: Member, pence: number, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-refunded',
    { subject: 'mail.auto.refunded.subject', paragraphs: ['mail.auto.refunded.body'] },
    (words) => ({ amount: formatPence(pence, words.language) }),
    profile(ctx),
  );
}

/** The member's bank cancelled the Direct Debit (or it was removed): automatic renewal is off (decision 175). */
export function mandateEndedMail(member: Member, card: Card, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-mandate-ended',
    { subject: 'mail.auto.mandate_ended.subject', paragraphs: ['mail.auto.mandate_ended.body', 'mail.auto.mandate_ended.unchanged'] },
    (words) => {
      const phrase = cardWords(card, words);
      return { card: phrase, card_start: `${phrase[0]!.toUpperCase()}${phrase.slice(1)}` };
    },
    profile(ctx),
  );
}
