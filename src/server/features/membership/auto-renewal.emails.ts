import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMail, type MailContext } from '../../integrations/mail/template';

/** The mails of automatic renewal (docs/product.md "Automatic renewal"); each is queued in the transaction that decides it. */
type Member = { email: string; first_name: string };
type Card = { brand: string | null; last4: string | null } | undefined;

const cardWords = (card: Card) =>
  card?.brand === 'bacs_debit' && card.last4
    ? `the Direct Debit from your bank account ending ${card.last4}`
    : card?.last4
      ? `your ${card.brand && card.brand !== 'unknown' ? `${card.brand[0]!.toUpperCase()}${card.brand.slice(1)} ` : ''}card ending ${card.last4}`
      : 'your saved card';
const HOW_TO_STOP = 'To stop it, or to change the card, go to My Profile and use "Automatic renewal" before that date.';

function mail(
  member: Member,
  ctx: MailContext,
  kind: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): MailMessage {
  const body = renderMail({ siteName: ctx.siteName, greeting: `Dear ${member.first_name},`, paragraphs, action });
  return { to: member.email, subject, kind, ...body };
}

const profile = (ctx: MailContext) => ({ label: 'Your profile', url: pageUrl(ctx.publicUrl, 'profile') });

/** 14 days ahead: the amount and date (the amount is the one charged, a price change included), and how to stop it. */
export function noticeMail(member: Member, charge: { date: string; pence: number; tierName: string }, card: Card, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-notice',
    `Your membership renews automatically on ${formatLongDate(charge.date)}`,
    [
      `Your membership of the ${ctx.siteName} (${charge.tierName}) renews automatically on ${formatLongDate(charge.date)}. We will charge ${formatPence(charge.pence)} to ${cardWords(card)} on that day, and send you the receipt.`,
      HOW_TO_STOP,
    ],
    profile(ctx),
  );
}

export function cardExpiringMail(member: Member, date: string, card: Card, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-card-expiring',
    'Please update the card for your automatic renewal',
    [
      `Your membership renews automatically on ${formatLongDate(date)}, but ${cardWords(card)} will have expired by then.`,
      'Please save a new card in My Profile ("Automatic renewal", "Change card") so your membership carries on.',
    ],
    profile(ctx),
  );
}

/** The bank wants the member present: the link opens a page whose button confirms (a GET changes nothing). */
export function actionRequiredMail(member: Member, payment: { id: string; pence: number }, retry: string | null, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-action-required',
    'Please confirm your membership renewal payment',
    [
      `Your bank asks you to confirm the ${formatPence(payment.pence)} payment that renews your membership of the ${ctx.siteName}.`,
      retry
        ? `Please open the link below and confirm it. If it is not confirmed, we will try the card again on ${formatLongDate(retry)}.`
        : 'Please open the link below and confirm it.',
    ],
    { label: 'Confirm the payment', url: pageUrl(ctx.publicUrl, 'autoRenewPayment', { paymentId: payment.id }) },
  );
}

export function declinedMail(member: Member, charge: { pence: number; reason: string }, retry: string, card: Card, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-declined',
    'Your membership renewal payment was declined',
    [
      `We tried to charge ${formatPence(charge.pence)} to ${cardWords(card)} to renew your membership of the ${ctx.siteName}, and it was declined: ${charge.reason}`,
      `We will try again on ${formatLongDate(retry)}. To use another card, go to My Profile ("Automatic renewal", "Change card"), or renew by hand.`,
    ],
    profile(ctx),
  );
}

/** After the last decline: the membership lapses as any other, and automatic renewal is off. */
export function lapsedMail(member: Member, expiry: string, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-lapsed',
    'Your membership has ended: automatic renewal is off',
    [
      `We could not take the payment to renew your membership of the ${ctx.siteName}, which ran until ${formatLongDate(expiry)}, and it has now ended. Automatic renewal is turned off and your card will not be charged again.`,
      'You can renew by hand at any time; your new membership year starts on the day you renew.',
    ],
    { label: 'Renew your membership', url: pageUrl(ctx.publicUrl, 'renew') },
  );
}

export function turnedOffByAdminMail(member: Member, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-turned-off',
    'Automatic renewal of your membership is off',
    [
      `The ${ctx.siteName} has turned off automatic renewal of your membership: your card will not be charged.`,
      'Your membership itself is unchanged. You will be reminded before it ends, and can renew by hand or turn automatic renewal on again in My Profile.',
    ],
    profile(ctx),
  );
}

/** A year paid twice (by hand and automatically at once): the second payment is refunded in full. */
export function refundedTwiceMail(member: Member, pence: number, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-refunded',
    'We have refunded a second payment for the same year',
    [
      `Your membership year was paid twice, by hand and by automatic renewal, at the same moment. We have refunded the second payment of ${formatPence(pence)} in full; it takes a few days to reach your account.`,
    ],
    profile(ctx),
  );
}

/** The member's bank cancelled the Direct Debit (or it was removed): automatic renewal is off (decision 175). */
export function mandateEndedMail(member: Member, card: Card, ctx: MailContext) {
  return mail(
    member,
    ctx,
    'auto-renewal-mandate-ended',
    'Your Direct Debit was cancelled: automatic renewal is off',
    [
      `${cardWords(card).replace(/^t/, 'T')} for your membership of the ${ctx.siteName} has been cancelled, so we cannot collect your next renewal from it. Automatic renewal is now turned off.`,
      'Your membership itself is unchanged. To keep renewing automatically, turn it on again in My Profile with a card or a new Direct Debit; otherwise you will be reminded before it ends.',
    ],
    profile(ctx),
  );
}
