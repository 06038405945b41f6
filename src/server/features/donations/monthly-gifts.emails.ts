import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatLongDate } from '../../../shared/domain/dates';
import type { Language } from '../../../shared/domain/language';
import { formatPence } from '../../../shared/domain/money';
import { pageUrl } from '../../../shared/domain/page-paths';
import type { SiteTextKey } from '../../../shared/domain/site-text';
import { fillText, type Words } from '../../../shared/domain/site-text-languages';
import type { MailMessage } from '../../integrations/mail/mailer';
import { cardWords } from '../../integrations/mail/card-words';
import { renderMailIn, wordsFor, type MailContext } from '../../integrations/mail/template';

/**
 * The mails of monthly giving (docs/product.md "Monthly giving"); each is queued in the
 * transaction that decides it, in the gift's language (decision 191).
 */
type Donor = { email: string; name: string | null; language: Language };

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

/** The link's secret is in the fragment: browsers never send it, so no server or proxy logs it. The page in the gift's language. */
export function giftLink(ctx: MailContext, linkSecret: string, giftId: string, language: Language = 'en'): string {
  return `${pageUrl(ctx.publicUrl, 'monthlyGift', { giftId }, language)}#${giftToken(linkSecret, giftId)}`;
}

function mail(
  donor: Donor,
  ctx: MailContext,
  kind: string,
  subject: SiteTextKey,
  paragraphs: SiteTextKey[],
  values: (words: Words) => Record<string, string>,
  action?: (words: Words) => { label: string; url: string },
): MailMessage {
  const words = wordsFor(ctx, donor.language);
  const filled = { site: ctx.siteName, ...values(words) };
  const body = renderMailIn(words, ctx, {
    name: donor.name,
    paragraphs: paragraphs.map((key) => fillText(words.text(key), filled)),
    ...(action ? { action: action(words) } : {}),
  });
  return { to: donor.email, subject: fillText(words.text(subject), filled), kind, ...body };
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
  if (retry === null)
    return mail(
      donor,
      ctx,
      'monthly-gift-ended',
      'mail.monthly.ended.subject',
      ['mail.monthly.ended.body', 'mail.monthly.ended.thanks'],
      (words) => ({ amount: formatPence(gift.pence, words.language), reason }),
      (words) => ({ label: words.text('mail.monthly.ended.action'), url: pageUrl(ctx.publicUrl, 'donate', {}, words.language) }),
    );
  return mail(
    donor,
    ctx,
    'monthly-gift-declined',
    'mail.monthly.declined.subject',
    ['mail.monthly.declined.body', 'mail.monthly.declined.retry'],
    (words) => ({ amount: formatPence(gift.pence, words.language), reason, date: formatLongDate(retry, words.language) }),
    (words) => ({ label: words.text('monthly.link_title'), url: giftLink(ctx, linkSecret, gift.id, words.language) }),
  );
}

/** Told when the gift stops (the donor's own cancel, or an admin's). */
export function monthlyCancelledMail(donor: Donor, gift: { pence: number }, by: 'donor' | 'admin', ctx: MailContext): MailMessage {
  const paragraphs: SiteTextKey[] =
    by === 'donor'
      ? ['mail.monthly.cancelled.by_donor', 'mail.monthly.thanks']
      : [
          'mail.monthly.cancelled.by_admin',
          ...(ctx.contactEmail ? (['mail.monthly.cancelled.questions'] as const) : []),
          'mail.monthly.thanks',
        ];
  return mail(donor, ctx, 'monthly-gift-cancelled', 'mail.monthly.cancelled.subject', paragraphs, (words) => ({
    amount: formatPence(gift.pence, words.language),
    email: ctx.contactEmail ?? '',
  }));
}

/**
 * Told whenever the gift's card changes, so a donor whose receipt's link reached someone else
 * hears of it, with the way to change it back or stop the gift.
 */
export function monthlyCardChangedMail(
  donor: Donor,
  gift: { id: string; pence: number },
  card: { brand: string; last4: string },
  ctx: MailContext,
  linkSecret: string,
): MailMessage {
  return mail(
    donor,
    ctx,
    'monthly-gift-card-changed',
    'mail.monthly.card_changed.subject',
    ['mail.monthly.card_changed.body', 'mail.monthly.card_changed.warning'],
    (words) => ({ amount: formatPence(gift.pence, words.language), card: cardWords(card, words) }),
    (words) => ({ label: words.text('monthly.link_title'), url: giftLink(ctx, linkSecret, gift.id, words.language) }),
  );
}
