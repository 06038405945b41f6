import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { useFormAction } from '../../lib/form-outcome';
import { useSiteText } from '../../lib/site-text';
import { APPEARANCE, PAYMENT_ELEMENT } from '../card-payment/stripe-payment-form';
import { stripeFor } from '../card-payment/stripe-instance';
import type { SaveCardProps } from './save-card-form';

/**
 * Stripe's Payment Element bound to the setup intent, and confirmSetup: the card (typed, or from a
 * wallet) is saved to the customer for later charges, nothing charged (decisions 140, 145). The
 * bank's check, when it asks for one, happens in Stripe's own frame.
 */
export default function StripeSaveCard({ publishableKey, ...props }: SaveCardProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret: props.clientSecret, appearance: APPEARANCE }}>
      <StripeSaveCardFields {...props} />
    </Elements>
  );
}

function StripeSaveCardFields({
  setupIntentId,
  onSaved,
  onCancel,
  introKey = 'auto_renew.save_card_intro',
  submitKey = 'auto_renew.save_card',
}: SaveCardProps) {
  // Without the script the page itself answers (decision 085); the setup flow needs it.
  const formAction = useFormAction();
  const { t } = useSiteText();
  const stripe = useStripe();
  const elements = useElements();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving || !stripe || !elements) return;
    setSaving(true);
    setFailure(null);
    try {
      // A method that leaves the page would come back here; a card or a wallet finishes in the page.
      const result = await stripe.confirmSetup({ elements, confirmParams: { return_url: window.location.href }, redirect: 'if_required' });
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
        <Alert severity="info">{t(introKey)}</Alert>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <PaymentElement options={PAYMENT_ELEMENT} />
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" loading={saving} startIcon={<LockIcon />}>
            {t(submitKey)}
          </Button>
          <Button onClick={onCancel}>{t('profile.cancel')}</Button>
        </Stack>
      </Stack>
    </Box>
  );
}
