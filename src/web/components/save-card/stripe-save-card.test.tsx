import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsApi } from '../../../shared/api/payments';
import { FakeApi } from '../../testing/fake-api';
// The provider's script, before @stripe/stripe-js looks for it (the form's module is loaded lazily).
import '../../testing/fake-stripe.js';
import { renderPage } from '../../testing/render';
import { SaveCardForm } from './save-card-form';

/**
 * Saving a card for later charges in Stripe mode (decisions 140, 161): the real form, with
 * @stripe/react-stripe-js and @stripe/stripe-js, over the fake of the provider's script.
 */
type FakeStripeState = { calls: Record<string, unknown>[]; respond: ((clientSecret: string) => unknown) | null };
const fake = () => (window as unknown as { __fakeStripe: FakeStripeState }).__fakeStripe;

const SETUP_SECRET = 'seti_1TestSetup_secret_abc123';

function renderSaveCard() {
  const api = new FakeApi().on(paymentsApi.config, { provider: 'stripe', publishable_key: 'pk_test_component' });
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  const page = renderPage(
    <SaveCardForm clientSecret={SETUP_SECRET} setupIntentId="seti_1TestSetup" onSaved={onSaved} onCancel={onCancel} />,
    {
      api,
    },
  );
  return { page, api, onSaved, onCancel };
}

async function fillCard(page: ReturnType<typeof renderPage>, number: string) {
  await page.user.type(await screen.findByLabelText('Card number'), number);
  await page.user.type(screen.getByLabelText('Expiration date MM / YY'), '12 / 34');
  await page.user.type(screen.getByLabelText('Security code'), '123');
}

const setupCalls = () => fake().calls.filter((call) => call.method === 'confirmSetup');

describe('saving a card in Stripe mode', () => {
  beforeEach(() => {
    fake().calls = [];
    fake().respond = null;
  });

  it('binds the Payment Element to the setup intent and saves the card with confirmSetup, charging nothing', async () => {
    fake().respond = () => ({ setupIntent: { id: 'seti_1TestSetup', status: 'succeeded', payment_method: 'pm_1' } });
    const { page, api, onSaved } = renderSaveCard();
    await fillCard(page, '4242 4242 4242 4242');
    await page.user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('seti_1TestSetup'));
    expect(setupCalls()).toEqual([
      expect.objectContaining({
        key: 'pk_test_component',
        elementsOptions: expect.objectContaining({ clientSecret: SETUP_SECRET }) as unknown,
        elementOptions: expect.objectContaining({ wallets: { applePay: 'auto', googlePay: 'auto', link: 'auto' } }) as unknown,
        confirmParams: { return_url: window.location.href },
        redirect: 'if_required',
        paymentMethod: { type: 'card', card: '4242424242424242' },
      }),
    ]);
    expect(fake().calls.filter((call) => call.method === 'confirmPayment')).toEqual([]);
    expect(api.changes()).toEqual([]);
  });

  it('shows a refused card with Stripe’s reason and lets the member try another', async () => {
    let answer: unknown = { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
    fake().respond = () => answer;
    const { page, onSaved } = renderSaveCard();
    await fillCard(page, '4000 0000 0000 0002');
    await page.user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();

    answer = { setupIntent: { id: 'seti_1TestSetup', status: 'succeeded' } };
    await page.user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(setupCalls()).toHaveLength(2);
  });
});
