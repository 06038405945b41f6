import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsApi } from '../../../shared/api/payments';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
// The provider's script, before @stripe/stripe-js looks for it (the form's module is loaded lazily).
import '../../testing/fake-stripe.js';
import { renderPage } from '../../testing/render';
import { CardPayment } from './card-payment';

/**
 * The live card step (decisions 087, 145): the real Payment Element form, with
 * @stripe/react-stripe-js and @stripe/stripe-js, over a fake of the provider's script, which
 * records what the form asks of it and answers as Stripe.js does.
 */
type FakeStripeState = {
  calls: Record<string, unknown>[];
  respond: ((clientSecret: string) => unknown) | null;
  respondAuthentication: ((outcome: string) => unknown) | null;
};
const fake = () => (window as unknown as { __fakeStripe: FakeStripeState }).__fakeStripe;

const CLIENT_SECRET = 'pi_3TestIntent_secret_abc123';
const billing = { line1: '1 High Street', line2: '', city: 'London', postal_code: ' ' };
const SUCCEEDED = { paymentIntent: { id: 'pi_3TestIntent', status: 'succeeded', client_secret: CLIENT_SECRET } };

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

const confirmCalls = () => fake().calls.filter((call) => call.method === 'confirmPayment');

describe('the Stripe Payment Element step', () => {
  beforeEach(() => {
    fake().calls = [];
    fake().respond = null;
    fake().respondAuthentication = null;
  });

  it('binds the element to the intent, confirms with the return address and the filled-in billing address, then settles', async () => {
    fake().respond = () => SUCCEEDED;
    const api = new FakeApi().on(paymentsApi.settle, { status: 'succeeded' });
    const { page, onPaid, onFailed } = renderCardStep(api);
    expect(await screen.findByRole('group', { name: 'Payment method' })).toBeInTheDocument();
    await fillCard(page);
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(confirmCalls()).toEqual([
      {
        method: 'confirmPayment',
        key: 'pk_test_component',
        options: { locale: 'en-GB' },
        elementsOptions: expect.objectContaining({ clientSecret: CLIENT_SECRET }) as unknown,
        // Wallets and Link wherever Stripe offers them.
        elementOptions: expect.objectContaining({ wallets: { applePay: 'auto', googlePay: 'auto', link: 'auto' } }) as unknown,
        clientSecret: CLIENT_SECRET,
        confirmParams: {
          return_url: 'http://localhost:8000/register/thanks',
          // Only the parts given: Stripe refuses empty strings.
          payment_method_data: { billing_details: { address: { line1: '1 High Street', city: 'London' } } },
        },
        // Only a method that must leave the page does; the rest finish here.
        redirect: 'if_required',
        paymentMethod: { type: 'card', card: '4242424242424242' },
      },
    ]);
    expect(api.callsTo(paymentsApi.settle).map((call) => call.json)).toEqual([{ client_secret: CLIENT_SECRET }]);
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('pays with a wallet without card fields', async () => {
    fake().respond = () => SUCCEEDED;
    const api = new FakeApi().on(paymentsApi.settle, { status: 'succeeded' });
    const { page, onPaid } = renderCardStep(api);
    await page.user.click(await screen.findByRole('radio', { name: 'Google Pay' }));
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(confirmCalls().map((call) => call.paymentMethod)).toEqual([{ type: 'card', wallet: 'google_pay', card: '4242424242424242' }]);
    expect(api.callsTo(paymentsApi.settle)).toHaveLength(1);
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

    answer = SUCCEEDED;
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('card-failure')).toBeNull();
    expect(confirmCalls()).toHaveLength(2);
  });

  it('takes the payer through the bank’s authentication: failed, then completed', async () => {
    const requiresAction = { paymentIntent: { id: 'pi_3TestIntent', status: 'requires_action', next_action: { type: 'use_stripe_sdk' } } };
    fake().respond = () => requiresAction;
    fake().respondAuthentication = (outcome) =>
      outcome === 'complete'
        ? SUCCEEDED
        : {
            paymentIntent: {
              id: 'pi_3TestIntent',
              status: 'requires_payment_method',
              last_payment_error: {
                type: 'invalid_request_error',
                code: 'payment_intent_authentication_failure',
                message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
              },
            },
          };
    const api = new FakeApi().on(paymentsApi.settle, { status: 'succeeded' });
    const { page, onPaid, onFailed } = renderCardStep(api);
    await fillCard(page, '4000 0025 0000 3155');
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await page.user.click(await screen.findByRole('button', { name: 'Fail authentication' }));
    expect(await screen.findByTestId('card-failure')).toHaveTextContent(
      'Payment failed: We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    expect(api.callsTo(paymentsApi.settle)).toEqual([]);
    expect(onPaid).not.toHaveBeenCalled();

    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await page.user.click(await screen.findByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(
      fake()
        .calls.filter((call) => call.method === 'authenticate')
        .map((call) => call.outcome),
    ).toEqual(['fail', 'complete']);
    expect(api.callsTo(paymentsApi.settle).map((call) => call.json)).toEqual([{ client_secret: CLIENT_SECRET }]);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('says a payment the bank is still confirming is being processed, and does not finish the flow', async () => {
    fake().respond = () => ({ paymentIntent: { id: 'pi_3TestIntent', status: 'processing' } });
    const api = new FakeApi().on(paymentsApi.settle, { status: 'processing' });
    const { page, onPaid, onFailed } = renderCardStep(api);
    await fillCard(page);
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your payment is being processed. We will e-mail you as soon as it is confirmed.',
    );
    expect(api.callsTo(paymentsApi.settle)).toHaveLength(1);
    expect(onPaid).not.toHaveBeenCalled();
    expect(onFailed).not.toHaveBeenCalled();
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
    fake().respond = () => SUCCEEDED;
    const api = new FakeApi().on(paymentsApi.settle, new FakeFailure(404, 'No such payment'));
    const { page, onPaid } = renderCardStep(api);
    await fillCard(page);
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(api.callsTo(paymentsApi.settle)).toHaveLength(1);
  });
});
