import { cardBrandName } from '../../../shared/domain/card-brand';
import { fillText, type Words } from '../../../shared/domain/site-text-languages';

/** What a mail knows of a card or Direct Debit: nothing, or its brand and last four. */
export type MailCard = { brand: string | null; last4: string | null } | undefined;

/** The card or Direct Debit a mail speaks of, as a phrase of its reader's language ("your Visa card ending 4242"). */
export function cardWords(card: MailCard, { text }: Words): string {
  if (card?.brand === 'bacs_debit' && card.last4) return fillText(text('mail.card.direct_debit'), { digits: card.last4 });
  if (!card?.last4) return text('mail.card.saved');
  if (!card.brand || card.brand === 'unknown') return fillText(text('mail.card.ending'), { digits: card.last4 });
  return fillText(text('mail.card.brand_ending'), { brand: cardBrandName(card.brand), digits: card.last4 });
}
