import { formatLongDate } from '../../../shared/domain/dates';
import { londonDate } from '../../../shared/domain/london-time';
import { formatPence } from '../../../shared/domain/money';
import type { MailMessage } from '../../integrations/mail/mailer';
import { renderMail, type MailContext } from '../../integrations/mail/template';

export function donationReceipt(
  donation: { email: string; name: string | null; amount_pence: number; id: string },
  giftAid: boolean,
  paidAt: Date,
  ctx: MailContext,
  /** One month of a monthly gift: the receipt says so and carries the gift's cancel link (decision 172). */
  monthly?: { cancelUrl: string },
): MailMessage {
  const receipt: [string, string][] = [
    [monthly ? 'Monthly gift' : 'Donation', formatPence(donation.amount_pence)],
    ['Date', formatLongDate(londonDate(paidAt))],
    ['Received by', ctx.siteName],
    ...(ctx.charityNumber ? ([['Registered charity number', ctx.charityNumber]] as [string, string][]) : []),
    ['Receipt number', donation.id],
  ];
  const body = renderMail({
    siteName: ctx.siteName,
    greeting: donation.name ? `Dear ${donation.name},` : 'Dear friend,',
    paragraphs: [
      monthly
        ? `Thank you for this month's gift to the ${ctx.siteName}. This e-mail is your receipt.`
        : `Thank you for your donation to the ${ctx.siteName}. This e-mail is your receipt.`,
      ...(giftAid
        ? [
            `You added Gift Aid, which lets us claim a further ${formatPence(Math.round(donation.amount_pence / 4))} from HMRC at no cost to you.`,
          ]
        : []),
    ],
    receipt,
    ...(monthly
      ? {
          action: { label: 'To see or cancel your monthly gift', url: monthly.cancelUrl },
        }
      : {}),
  });
  return { to: donation.email, subject: `Thank you for your donation to the ${ctx.siteName}`, kind: 'donation-receipt', ...body };
}
