import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { useFormAction } from '../../../lib/form-outcome';
import { useSiteText } from '../../../lib/site-text';
import type { SaveCardProps } from './save-card-form';
import { stripeFor } from './stripe-instance';

/** Stripe's card field and confirmCardSetup: the card is saved to the member's customer, nothing charged. */
export default function StripeSaveCard({ publishableKey, ...props }: SaveCardProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeSaveCardFields {...props} />
    </Elements>
  );
}

function StripeSaveCardFields({ clientSecret, setupIntentId, onSaved, onCancel }: SaveCardProps) {
  // Without the script the page itself answers (decision 085); the setup flow needs it.
  const formAction = useFormAction();
  const { t } = useSiteText();
  const stripe = useStripe();
  const elements = useElements();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (saving || !stripe || !card) return;
    setSaving(true);
    setFailure(null);
    try {
      const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
      if (result.error) {
        setFailure(result.error.message ?? t('pay.failed_default'));
        setSaving(false);
        return;
      }
      onSaved(result.setupIntent.id || setupIntentId);
    } catch (error) {
      console.error('Saving the card failed', error);
      setFailure(t('pay.failed_default'));
      setSaving(false);
    }
  }

  return (
    <Box
      component="form"
      method="post"
      action={formAction}
      noValidate
      onSubmit={(event) => void save(event)}
      aria-label={t('card.details')}
    >
      <Stack spacing={2}>
        <Alert severity="info">{t('auto_renew.save_card_intro')}</Alert>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Box sx={{ px: 1.75, py: 2, borderRadius: 1, border: '1px solid rgba(0, 0, 0, 0.23)', bgcolor: 'background.paper' }}>
          <CardElement options={{ hidePostalCode: true }} />
        </Box>
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" loading={saving} startIcon={<LockIcon />}>
            {t('auto_renew.save_card')}
          </Button>
          <Button onClick={onCancel}>{t('profile.cancel')}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
