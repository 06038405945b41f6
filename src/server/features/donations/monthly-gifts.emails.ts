import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMail, type MailContext } from '../../integrations/mail/template';

/** The mails of monthly giving (docs/product.md "Monthly giving"); each is queued in the transaction that decides it. */
type Donor = { email: string; name: string | null };

/**
 * The secret in a gift's "cancel" link: the server's signature of the gift (decision 172). Nothing
 * is stored to match it; it is per gift and cannot be guessed without the server's secret.
 */
export function giftToken(linkSecret: string, giftId: string): string {
  return createHmac('sha256', linkSecret).update(`monthly-gift:${giftId}`).digest('base64url');
}

export function giftTokenMatches(linkSecret: string, giftId: string, given: string): boolean {
  const expected = Buffer.from(giftToken(linkSecret, giftId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The link's secret is in the fragment: browsers never send it, so no server or proxy logs it. */
export function giftLink(ctx: MailContext, linkSecret: string, giftId: string): string {
  return `${pageUrl(ctx.publicUrl, 'monthlyGift', { giftId })}#${giftToken(linkSecret, giftId)}`;
}

const greeting = (donor: Donor) => (donor.name ? `Dear ${donor.name},` : 'Dear friend,');

function mail(
  donor: Donor,
  ctx: MailContext,
  kind: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
) {
  const body = renderMail({ siteName: ctx.siteName, greeting: greeting(donor), paragraphs, ...(action ? { action } : {}) });
  return { to: donor.email, subject, kind, ...body } satisfies MailMessage;
}

/** A month was declined: the reason, and the next try (or that the gift has ended). */
export function monthlyDeclinedMail(
  donor: Donor,
  gift: { id: string; pence: number },
  reason: string,
  retry: string | null,
  ctx: MailContext,
  linkSecret: string,
): MailMessage {
  const link = { label: 'Your monthly gift', url: giftLink(ctx, linkSecret, gift.id) };
  if (retry === null)
    return mail(
      donor,
      ctx,
      'monthly-gift-ended',
      'Your monthly gift has ended',
      [
        `We could not take your monthly gift of ${formatPence(gift.pence)} to the ${ctx.siteName} after three tries (${reason}), so we have stopped it and will not try the card again.`,
        'Thank you for your support. If you would like to give monthly again, you can start a new gift on our donate page.',
      ],
      { label: 'Donate', url: pageUrl(ctx.publicUrl, 'donate') },
    );
  return mail(
    donor,
    ctx,
    'monthly-gift-declined',
    'Your monthly gift could not be taken',
    [
      `Your monthly gift of ${formatPence(gift.pence)} to the ${ctx.siteName} was declined: ${reason}`,
      `We will try again on ${formatLongDate(retry)}. If you would rather stop your monthly gift, you can cancel it from the link below.`,
    ],
    link,
  );
}

/** Told when the gift stops (the donor's own cancel, or an admin's). */
export function monthlyCancelledMail(donor: Donor, gift: { pence: number }, by: 'donor' | 'admin', ctx: MailContext): MailMessage {
  return mail(donor, ctx, 'monthly-gift-cancelled', 'Your monthly gift has been cancelled', [
    by === 'donor'
      ? `As you asked, your monthly gift of ${formatPence(gift.pence)} to the ${ctx.siteName} has been cancelled. Nothing more will be taken.`
      : `Your monthly gift of ${formatPence(gift.pence)} to the ${ctx.siteName} has been stopped by the ${ctx.siteName}. Nothing more will be taken.${ctx.contactEmail ? ` If you have any questions, please write to ${ctx.contactEmail}.` : ''}`,
    'Thank you for your support.',
  ]);
}
