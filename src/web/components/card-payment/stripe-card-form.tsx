import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { useSiteText } from '../../lib/site-text';
import { filledAddress } from './billing-address';
import { warnNotReady, type CardFormProps } from './card-form-types';
import { settlePayment } from './payments-api';
import { useFormAction } from '../../lib/form-outcome';

// One Stripe instance per key for the life of the page, as Stripe asks.
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: 'en-GB' });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** Stripe Elements' card field; this module is loaded only on the payment pages. */
export default function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

const CARD_LABEL_ID = 'stripe-card-label';

function StripeCardFields({ clientSecret, returnUrl, billing, payLabel, onPaid, onFailed, onAttempt, children }: CardFormProps) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);
  const [card, setCard] = useState<StripeCardElementChangeEvent | null>(null);
  const [focused, setFocused] = useState(false);
  const [paying, setPaying] = useState(false);

  const ready = Boolean(stripe && elements && mounted && card?.complete);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (paying) return;
    if (!stripe || !elements || !ready) {
      warnNotReady();
      return;
    }
    const cardElement = elements.getElement(CardElement);
    if (!cardElement) {
      // docs/product.md section 8: "Missing card element".
      onFailed(t('card.missing_element'));
      return;
    }
    setPaying(true);
    onAttempt?.();
    let result: Awaited<ReturnType<Stripe['confirmCardPayment']>>;
    try {
      result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card: cardElement, billing_details: { address: filledAddress(billing) } },
        return_url: returnUrl,
      });
    } catch (error) {
      // Stripe.js answers its own failures as `error`; anything thrown is the script's (a lost
      // network, a blocked script): the payer may try again rather than wait on a spinner.
      console.error('Confirming the card payment failed', error);
      setPaying(false);
      onFailed(null);
      return;
    }
    if (result.error || !result.paymentIntent) {
      setPaying(false);
      onFailed(result.error?.message ?? null);
      return;
    }
    await settlePayment(clientSecret);
    onPaid();
  }

  return (
    <Box component="form" method="post" action={formAction} noValidate onSubmit={(event) => void pay(event)} aria-label={t('card.details')}>
      <Stack spacing={2.5}>
        <div>
          <Typography id={CARD_LABEL_ID} component="div" variant="body2" sx={{ mb: 0.75, fontWeight: 600 }}>
            {t('card.details')}
          </Typography>
          <Box
            role="group"
            aria-labelledby={CARD_LABEL_ID}
            sx={{
              px: 1.75,
              py: 2,
              borderRadius: 1,
              border: '1px solid',
              borderColor: card?.error ? 'error.main' : focused ? 'primary.main' : 'rgba(0, 0, 0, 0.23)',
              boxShadow: focused ? (theme) => `0 0 0 1px ${theme.palette.primary.main}` : 'none',
              bgcolor: 'background.paper',
            }}
          >
            <CardElement
              options={{
                hidePostalCode: true,
                style: { base: { fontSize: '16px', color: '#1b2430', '::placeholder': { color: '#6b7280' } } },
              }}
              onReady={() => setMounted(true)}
              onChange={setCard}
              onFocus={() => setFocused(true)}
              onBlur={() => setFocused(false)}
            />
          </Box>
          {card?.error && <FormHelperText error>{card.error.message}</FormHelperText>}
        </div>
        {children}
        <Button type="submit" variant="contained" size="large" fullWidth loading={paying} startIcon={<LockIcon />} sx={{ py: 1.3 }}>
          {payLabel}
        </Button>
      </Stack>
    </Box>
  );
}
