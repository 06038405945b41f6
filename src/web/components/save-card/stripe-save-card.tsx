import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { useSiteText } from '../../lib/site-text';
import { APPEARANCE, PAYMENT_ELEMENT } from '../card-payment/stripe-payment-form';
import { stripeFor } from '../card-payment/stripe-instance';
import type { SaveCardProps } from './save-card-form';
import { SaveCardFrame } from './save-card-frame';

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
    <SaveCardFrame
      introKey={introKey}
      submitKey={submitKey}
      failure={failure}
      saving={saving}
      onSubmit={(event) => void save(event)}
      onCancel={onCancel}
    >
      <PaymentElement options={PAYMENT_ELEMENT} />
    </SaveCardFrame>
  );
}
