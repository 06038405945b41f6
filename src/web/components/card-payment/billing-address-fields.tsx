import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSiteText } from '../../lib/site-text';
import type { BillingAddress } from './billing-address';

/** The optional billing address that goes with a card payment. */
export function BillingAddressFields({ value, onChange }: { value: BillingAddress; onChange: (next: BillingAddress) => void }) {
  const { t } = useSiteText();
  const field = (key: keyof BillingAddress, label: string, autoComplete: string) => (
    <TextField
      label={label}
      value={value[key]}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      autoComplete={`billing ${autoComplete}`}
      fullWidth
      size="small"
    />
  );
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5, p: 0 }}>
        {t('billing.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {t('billing.hint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{field('line1', t('billing.line1'), 'address-line1')}</Box>
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>{field('line2', t('billing.line2'), 'address-line2')}</Box>
        {field('city', t('billing.city'), 'address-level2')}
        {field('postal_code', t('billing.postcode'), 'postal-code')}
      </Box>
    </Box>
  );
}
