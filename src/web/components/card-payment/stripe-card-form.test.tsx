import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsApi } from '../../../shared/api/payments';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
// The provider's script, before @stripe/stripe-js looks for it (the form's module is loaded lazily).
import '../../testing/fake-stripe.js';
import { renderPage } from '../../testing/render';
import { CardPayment } from './card-payment';

/**
 * The live card step (decision 087): the real Stripe card form, with @stripe/react-stripe-js
 * and @stripe/stripe-js, over a fake of the provider's script, which records what the form asks
 * of it and answers as Stripe.js does.
 */
type FakeStripeState = {
  calls: { method: string; key: string; clientSecret: string; billingDetails: unknown; returnUrl: string; cardNumber: string }[];
  respond: ((clientSecret: string) => unknown) | null;
};
const fake = () => (window as unknown as { __fakeStripe: FakeStripeState }).__fakeStripe;

const CLIENT_SECRET = 'pi_3TestIntent_secret_abc123';
const billing = { line1: '1 High Street', line2: '', city: 'London', postal_code: ' ' };

function renderCardStep(api = new FakeApi()) {
  api.on(paymentsApi.config, { provider: 'stripe', publishable_key: 'pk_test_component' });
  const onPaid = vi.fn();
  const onFailed = vi.fn();
  const page = renderPage(
    <CardPayment
      clientSecret={CLIENT_SECRET}
      returnUrl="http://localhost:8000/register/thanks"
      billing={billing}
      payLabel="Pay £50.00"
      onPaid={onPaid}
      onFailed={onFailed}
    />,
    { api },
  );
  return { page, api, onPaid, onFailed };
}

async function fillCard(page: ReturnType<typeof renderPage>, number = '4242 4242 4242 4242') {
  await page.user.type(await screen.findByLabelText('Card number'), number);
  await page.user.type(screen.getByLabelText('Expiration date MM / YY'), '12 / 34');
  await page.user.type(screen.getByLabelText('Security code'), '123');
}

describe('the Stripe card form', () => {
  beforeEach(() => {
    fake().calls = [];
    fake().respond = null;
  });

  it('confirms with the client secret, the filled-in billing address and the return address, then settles', async () => {
    fake().respond = () => ({ paymentIntent: { id: 'pi_3TestIntent', status: 'succeeded' } });
    const api = new FakeApi().on(paymentsApi.settle, { status: 'succeeded' });
    const { page, onPaid, onFailed } = renderCardStep(api);
    await fillCard(page);
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(fake().calls).toEqual([
      {
        method: 'confirmCardPayment',
        key: 'pk_test_component',
        options: { locale: 'en-GB' },
        clientSecret: CLIENT_SECRET,
        // Only the parts given: Stripe refuses empty strings.
        billingDetails: { address: { line1: '1 High Street', city: 'London' } },
        returnUrl: 'http://localhost:8000/register/thanks',
        cardNumber: '4242424242424242',
      },
    ]);
    expect(api.callsTo(paymentsApi.settle).map((call) => call.json)).toEqual([{ client_secret: CLIENT_SECRET }]);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('sends nothing while the card is incomplete', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { page, api, onPaid } = renderCardStep();
    await page.user.type(await screen.findByLabelText('Card number'), '4242 4242');
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    expect(warn).toHaveBeenCalledWith('Card payment is not ready yet: the card details are incomplete.');
    expect(fake().calls).toEqual([]);
    expect(api.changes()).toEqual([]);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('shows a decline with Stripe’s reason, settles nothing, and lets the payer try again', async () => {
    let answer: unknown = { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
    fake().respond = () => answer;
    const api = new FakeApi().on(paymentsApi.settle, { status: 'succeeded' });
    const { page, onPaid, onFailed } = renderCardStep(api);
    await fillCard(page, '4000 0000 0000 0002');
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    expect(await screen.findByTestId('card-failure')).toHaveTextContent('Payment failed: Your card was declined.');
    expect(onFailed).toHaveBeenCalledWith('Your card was declined.');
    expect(api.callsTo(paymentsApi.settle)).toEqual([]);

    answer = { paymentIntent: { id: 'pi_3TestIntent', status: 'succeeded' } };
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('card-failure')).toBeNull();
    expect(fake().calls).toHaveLength(2);
  });

  it('says the payment failed when the provider errs, without Stripe’s reason when it gave none', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake().respond = () => ({ error: { type: 'api_error', message: 'An unknown error occurred on Stripe.' } });
    const { page, onFailed, onPaid } = renderCardStep();
    await fillCard(page);
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    expect(await screen.findByTestId('card-failure')).toHaveTextContent('Payment failed: An unknown error occurred on Stripe.');

    // The provider's script itself fails (a lost network): the form gives the button back.
    fake().respond = () => Promise.reject(new Error('Failed to fetch'));
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await waitFor(() => expect(onFailed).toHaveBeenLastCalledWith(null));
    expect(screen.getByTestId('card-failure')).toHaveTextContent(/^Payment failed: /);
    expect(screen.getByRole('button', { name: 'Pay £50.00' })).toBeEnabled();
    expect(error).toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('goes on when settling fails: the webhook completes a charged payment', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fake().respond = () => ({ paymentIntent: { id: 'pi_3TestIntent', status: 'succeeded' } });
    const api = new FakeApi().on(paymentsApi.settle, new FakeFailure(404, 'No such payment'));
    const { page, onPaid } = renderCardStep(api);
    await fillCard(page);
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(api.callsTo(paymentsApi.settle)).toHaveLength(1);
  });
});
