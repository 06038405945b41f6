import { loadStripe, type Stripe } from '@stripe/stripe-js';

// One Stripe instance per key for the life of the page, as Stripe asks.
const stripes = new Map<string, Promise<Stripe | null>>();
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: 'en-GB' });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}
