import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { MonthlyGift } from '../../../shared/api/monthly-gifts';
import { cardBrandName } from '../../../shared/domain/card-brand';
import { formatLongDate } from '../../../shared/domain/dates';
import { formatPence } from '../../../shared/domain/money';
import { useSiteText } from '../../lib/site-text';

/** The amount, status and next charge of a gift, on the receipt link's page and in My Profile. */
export function GiftFacts({ gift }: { gift: MonthlyGift }) {
  const { t, language } = useSiteText();
  return (
    <Box>
      <Typography sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {t('monthly.amount_each_month').replace('{amount}', formatPence(gift.pence, language))}
        {gift.gift_aid ? ` · ${t('monthly.with_gift_aid')}` : ''}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>
        {t(`monthly.status.${gift.status}`)}
        {gift.card ? ` · ${cardBrandName(gift.card.brand)} ···· ${gift.card.last4}` : ''}
        {gift.next_charge ? ` · ${t('monthly.next').replace('{date}', formatLongDate(gift.next_charge, language))}` : ''}
      </Typography>
    </Box>
  );
}
