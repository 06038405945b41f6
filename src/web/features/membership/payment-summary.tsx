import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ProceedResponse } from '../../../shared/api/membership';
import { expiryDate } from '../../../shared/domain/membership';
import { useTierText } from '../../lib/tier-text';
import { useSiteText } from '../../lib/site-text';
import { formatLongDate } from './membership-format';
import { Panel, PanelTitle } from '../../components/panel';

export interface SummaryRow {
  label: string;
  value: string;
}

/** What is being bought: the tier, its price and the membership year it starts. */
export function PaymentSummary({
  proceed,
  rows = [],
  action,
}: {
  proceed: ProceedResponse;
  rows?: SummaryRow[];
  action?: React.ReactNode;
}) {
  const { t, language } = useSiteText();
  const tierText = useTierText();
  const all: SummaryRow[] = [
    ...rows,
    { label: t('pay.tier'), value: tierText.named(proceed.tier.name) },
    { label: t('pay.effective'), value: formatLongDate(proceed.date_effective, language) },
    { label: t('pay.until'), value: formatLongDate(expiryDate(proceed.date_effective), language) },
  ];
  return (
    <Panel labelledBy="pay-summary" sx={{ bgcolor: '#fbfbfc' }}>
      <PanelTitle id="pay-summary" k="pay.summary" tabIndex={-1} />
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.75 }}>
        {all.map((row) => (
          <div key={row.label}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {row.value}
            </Typography>
          </div>
        ))}
      </Box>
      <Divider sx={{ my: 2.5 }} />
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {t('pay.price')}
        </Typography>
        <Typography component="span" sx={{ fontSize: '1.4rem', fontWeight: 700, color: 'primary.dark' }} data-testid="pay-price">
          {tierText.price(proceed.tier.pence)}
        </Typography>
      </Box>
      {action && <Box sx={{ mt: 2.5 }}>{action}</Box>}
    </Panel>
  );
}
