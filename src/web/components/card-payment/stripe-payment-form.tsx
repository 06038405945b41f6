import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import {
  type ConfirmPaymentData,
  type PaymentIntentResult,
  type StripeElementsOptionsClientSecret,
  type StripePaymentElementChangeEvent,
  type StripePaymentElementOptions,
} from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { useSiteText } from '../../lib/site-text';
import { filledAddress, type BillingAddress } from './billing-address';
import { warnNotReady, type CardFormProps } from './card-form-types';
import { settlePayment } from './payments-api';
import { stripeFor } from './stripe-instance';
import { useFormAction } from '../../lib/form-outcome';

/** Stripe's frame drawn in the site's colours (app/tokens.css: primary, error; decision 145). */
export const APPEARANCE: StripeElementsOptionsClientSecret['appearance'] = {
  theme: 'stripe',
  variables: { colorPrimary: '#0b4f6c', colorText: '#1b2430', colorDanger: '#c00010', fontSizeBase: '16px', borderRadius: '4px' },
};

/**
 * The Payment Element shows the methods the payment intent allows (decision 145): the card, and
 * Apple Pay, Google Pay and Link where the browser, the device and Stripe offer them. The billing
 * address the site asks for is sent with the confirmation, so the element asks only for what a
 * method needs beyond it.
 */
export const PAYMENT_ELEMENT: StripePaymentElementOptions = {
  layout: { type: 'tabs' },
  wallets: { applePay: 'auto', googlePay: 'auto', link: 'auto' },
};

/**
 * What the confirmation sends with the element's data: where a method that leaves the page
 * returns (the site settles there: decision 145) and the billing address typed on the site.
 * One place, so an option such as keeping the method for later is added here.
 */
export function confirmParams(returnUrl: string, billing: BillingAddress): ConfirmPaymentData {
  return { return_url: returnUrl, payment_method_data: { billing_details: { address: filledAddress(billing) } } };
}

/** Stripe's Payment Element; this module is loaded only on the payment pages. */
export default function StripePaymentForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    // The element is bound to this intent: a new client secret (Back, then pay again) draws a new one.
    <Elements
      key={props.clientSecret}
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: props.clientSecret, appearance: APPEARANCE }}
    >
      <PaymentFields {...props} />
    </Elements>
  );
}

const METHOD_LABEL_ID = 'stripe-payment-label';

function PaymentFields({ clientSecret, returnUrl, billing, payLabel, onPaid, onFailed, onAttempt, children }: CardFormProps) {
  const formAction = useFormAction();
  const { t } = useSiteText();
  const stripe = useStripe();
  const elements = useElements();
  const [mounted, setMounted] = useState(false);
  const [entry, setEntry] = useState<StripePaymentElementChangeEvent | null>(null);
  const [paying, setPaying] = useState(false);
  const [processing, setProcessing] = useState(false);

  const ready = Boolean(stripe && elements && mounted && entry?.complete);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (paying) return;
    if (!stripe || !elements || !ready) {
      warnNotReady();
      return;
    }
    if (!elements.getElement('payment')) {
      // docs/product.md section 8: "Missing card element".
      onFailed(t('card.missing_element'));
      return;
    }
    setPaying(true);
    setProcessing(false);
    onAttempt?.();
    let result: PaymentIntentResult;
    try {
      // Wallets, Link and cards (with 3-D Secure in Stripe's own frame) finish in the page; a
      // method that must leave it comes back to the return address, which settles (decision 145).
      result = await stripe.confirmPayment({ elements, confirmParams: confirmParams(returnUrl, billing), redirect: 'if_required' });
    } catch (error) {
      // Stripe.js answers its own failures as `error`; anything thrown is the script's (a lost
      // network, a blocked script): the payer may try again rather than wait on a spinner.
      console.error('Confirming the payment failed', error);
      setPaying(false);
      onFailed(null);
      return;
    }
    if (result.error || !result.paymentIntent) {
      setPaying(false);
      onFailed(result.error?.message ?? null);
      return;
    }
    const intent = result.paymentIntent;
    if (intent.status !== 'succeeded' && intent.status !== 'processing') {
      // Nothing taken (an intent left wanting another step): the payer tries again.
      setPaying(false);
      onFailed(null);
      return;
    }
    const settled = await settlePayment(clientSecret);
    if (intent.status === 'processing' && settled !== 'succeeded') {
      // Taken, but not yet confirmed by the bank: the webhook fulfils it and the receipt says so.
      setPaying(false);
      setProcessing(true);
      return;
    }
    onPaid();
  }

  return (
    <Box component="form" method="post" action={formAction} noValidate onSubmit={(event) => void pay(event)} aria-label={t('card.details')}>
      <Stack spacing={2.5}>
        <div>
          <Typography id={METHOD_LABEL_ID} component="div" variant="body2" sx={{ mb: 0.75, fontWeight: 600 }}>
            {t('card.payment_method')}
          </Typography>
          <Box role="group" aria-labelledby={METHOD_LABEL_ID}>
            <PaymentElement options={PAYMENT_ELEMENT} onReady={() => setMounted(true)} onChange={setEntry} />
          </Box>
        </div>
        {children}
        {processing && (
          <Alert severity="info" role="status">
            {t('card.processing')}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={paying} startIcon={<LockIcon />} sx={{ py: 1.3 }}>
          {payLabel}
        </Button>
      </Stack>
    </Box>
  );
}
