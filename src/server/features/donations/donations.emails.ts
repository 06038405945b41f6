import { fillText, SHIPPED_ENGLISH, type Words } from '../../../shared/domain/site-text-languages';
import { formatLongDate } from '../../../shared/domain/dates';
import { londonDate } from '../../../shared/domain/london-time';
import { formatPence } from '../../../shared/domain/money';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMail, type MailContext } from '../../integrations/mail/template';

/** The receipt, in the language of the page the donation was made on (decision 150). */
export function donationReceipt(
  donation: { email: string; name: string | null; amount_pence: number; id: string },
  giftAid: boolean,
  paidAt: Date,
  ctx: MailContext,
  /** One month of a monthly gift: the receipt says so and carries the gift's cancel link (decision 172). */
  monthly?: { cancelUrl: string },
  { text, language }: Words = SHIPPED_ENGLISH,
): MailMessage {
  const site = { site: ctx.siteName };
  const receipt: [string, string][] = [
    [text(monthly ? 'mail.receipt.monthly_gift' : 'mail.receipt.donation'), formatPence(donation.amount_pence, language)],
    [text('mail.receipt.date'), formatLongDate(londonDate(paidAt), language)],
    [text('mail.receipt.received_by'), ctx.siteName],
    ...(ctx.charityNumber ? ([[text('mail.receipt.charity_number'), ctx.charityNumber]] as [string, string][]) : []),
    [text('mail.receipt.number'), donation.id],
  ];
  const body = renderMail({
    siteName: ctx.siteName,
    language,
    greeting: donation.name ? fillText(text('mail.dear'), { name: donation.name }) : text('mail.dear_friend'),
    paragraphs: [
      fillText(text(monthly ? 'mail.donation.monthly_body' : 'mail.donation.body'), site),
      ...(giftAid
        ? [fillText(text('mail.donation.gift_aid'), { amount: formatPence(Math.round(donation.amount_pence / 4), language) })]
        : []),
    ],
    receipt,
    closing: `${text('mail.closing')}\n${ctx.siteName}`,
    ...(monthly ? { action: { label: text('mail.donation.monthly_action'), url: monthly.cancelUrl } } : {}),
  });
  return { to: donation.email, subject: fillText(text('mail.donation.subject'), site), kind: 'donation-receipt', ...body };
}
