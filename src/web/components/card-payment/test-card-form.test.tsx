import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsApi } from '../../../shared/api/payments';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
import { CardPayment } from './card-payment';
import { TestCardForm } from './test-card-form';

describe("the test provider's card form", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('refuses what Stripe refuses before sending anything, and sends the expiry and code with the number', async () => {
    const api = new FakeApi().on(paymentsApi.testConfirm, { status: 'succeeded' }).on(paymentsApi.settle, { status: 'succeeded' });
    const paid = vi.fn();
    const { user } = renderPage(
      <TestCardForm
        clientSecret="pi_1_secret_2"
        returnUrl="/"
        billing={{ line1: '', line2: '', city: '', postal_code: '' }}
        payLabel="Pay £5.00"
        onPaid={paid}
        onFailed={() => undefined}
      />,
      { api },
    );
    const number = screen.getByRole('textbox', { name: /^Card number/ });
    const expiry = screen.getByRole('textbox', { name: /^Expiry/ });
    const cvc = screen.getByRole('textbox', { name: /^CVC/ });

    await user.type(number, '378282246310005');
    expect(number).toHaveValue('3782 822463 10005');
    await user.type(expiry, '1026');
    await user.type(cvc, '123');
    await user.click(screen.getByRole('button', { name: 'Pay £5.00' }));
    expect(expiry).toHaveAccessibleDescription("Your card's expiration date is in the past.");
    expect(cvc).toHaveAccessibleDescription('Enter the 3 digit security code (4 digits on American Express)');
    expect(api.changes()).toEqual([]);

    await user.clear(expiry);
    await user.type(expiry, '1126');
    await user.type(cvc, '4');
    await user.click(screen.getByRole('button', { name: 'Pay £5.00' }));
    await vi.waitFor(() => expect(paid).toHaveBeenCalled());
    expect(api.callsTo(paymentsApi.testConfirm).map((call) => call.json)).toEqual([
      { client_secret: 'pi_1_secret_2', method: 'card', card_number: '3782 822463 10005', exp_month: 11, exp_year: 26, cvc: '1234' },
    ]);
  });
});

describe("the test provider's other methods (decision 145)", () => {
  const render = (api: FakeApi) => {
    const paid = vi.fn();
    const failed = vi.fn();
    const page = renderPage(
      <CardPayment
        clientSecret="pi_1_secret_2"
        returnUrl="/"
        billing={{ line1: '', line2: '', city: '', postal_code: '' }}
        payLabel="Pay £5.00"
        onPaid={paid}
        onFailed={failed}
      />,
      { api: api.on(paymentsApi.config, { provider: 'test' }) },
    );
    return { ...page, paid, failed };
  };

  it('pays with the wallet-like button, nothing typed', async () => {
    const api = new FakeApi().on(paymentsApi.testConfirm, { status: 'succeeded' }).on(paymentsApi.settle, { status: 'succeeded' });
    const { user, paid } = render(api);
    await user.click(await screen.findByRole('radio', { name: 'Test wallet' }));
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay £5.00' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay with Test wallet' }));
    await vi.waitFor(() => expect(paid).toHaveBeenCalledTimes(1));
    expect(api.callsTo(paymentsApi.testConfirm).map((call) => call.json)).toEqual([{ client_secret: 'pi_1_secret_2', method: 'wallet' }]);
    expect(api.callsTo(paymentsApi.settle)).toHaveLength(1);
  });

  it('asks the payer to authenticate with the bank: a cancel takes nothing, then a completed check pays', async () => {
    const failure = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    const api = new FakeApi()
      .on(paymentsApi.testConfirm, { status: 'requires_action' })
      .on(paymentsApi.testAuthenticate, (request) =>
        (request.json as { outcome: string }).outcome === 'complete' ? { status: 'succeeded' as const } : new FakeFailure(402, failure),
      )
      .on(paymentsApi.settle, { status: 'succeeded' });
    const { user, paid, failed } = render(api);
    await user.click(await screen.findByRole('radio', { name: 'Test bank (asks you to authenticate)' }));
    await user.click(screen.getByRole('button', { name: 'Pay £5.00' }));
    const step = await screen.findByRole('dialog', { name: 'Confirm this payment with your bank' });
    await user.click(within(step).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByTestId('card-failure')).toHaveTextContent(`Payment failed: ${failure}`);
    expect(failed).toHaveBeenCalledWith(failure);
    expect(api.callsTo(paymentsApi.settle)).toEqual([]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Pay £5.00' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm this payment with your bank' });
    await user.click(within(again).getByRole('button', { name: 'Complete authentication' }));
    await vi.waitFor(() => expect(paid).toHaveBeenCalledTimes(1));
    expect(api.callsTo(paymentsApi.testConfirm).map((call) => call.json)).toEqual([
      { client_secret: 'pi_1_secret_2', method: 'bank' },
      { client_secret: 'pi_1_secret_2', method: 'bank' },
    ]);
    expect(api.callsTo(paymentsApi.testAuthenticate).map((call) => call.json)).toEqual([
      { client_secret: 'pi_1_secret_2', outcome: 'cancel' },
      { client_secret: 'pi_1_secret_2', outcome: 'complete' },
    ]);
    expect(api.callsTo(paymentsApi.settle)).toHaveLength(1);
  });

  it('offers Bacs Direct Debit only for a membership, with the mandate shown and confirmed, then says it is processing', async () => {
    const { unmount } = render(new FakeApi());
    expect(await screen.findByRole('radio', { name: 'Test wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Bacs Direct Debit' })).toBeNull();
    unmount();

    const api = new FakeApi()
      .on(paymentsApi.config, { provider: 'test' })
      .on(paymentsApi.testConfirm, (request) =>
        (request.json as { account_number: string }).account_number === '55779911'
          ? new FakeFailure(402, 'Test mode only accepts the test bank details.')
          : { status: 'processing' as const },
      )
      .on(paymentsApi.settle, { status: 'processing' });
    const paid = vi.fn();
    const { user } = renderPage(
      <CardPayment
        clientSecret="pi_1_secret_2"
        returnUrl="/"
        billing={{ line1: '', line2: '', city: '', postal_code: '' }}
        payLabel="Pay £50.00"
        directDebit
        onPaid={paid}
        onFailed={() => undefined}
      />,
      { api },
    );
    await user.click(await screen.findByRole('radio', { name: 'Bacs Direct Debit' }));
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).toBeNull();
    expect(screen.getByText(/Direct Debit Guarantee/)).toBeInTheDocument();

    // Nothing is sent until the details are whole and the mandate confirmed; each gap is named.
    await user.type(screen.getByRole('textbox', { name: /^Sort code/ }), '10880');
    await user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    expect(screen.getByRole('textbox', { name: /^Account holder name/ })).toHaveAccessibleDescription(
      'Enter the name of the account holder',
    );
    expect(screen.getByRole('textbox', { name: /^Sort code/ })).toHaveAccessibleDescription('Enter the 6-digit sort code, like 10-88-00');
    expect(screen.getByRole('textbox', { name: /^Account number/ })).toHaveAccessibleDescription('Enter the 8-digit account number');
    expect(screen.getByText(/Confirm that you are the account holder/)).toBeInTheDocument();
    expect(api.callsTo(paymentsApi.testConfirm)).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /^Account holder name/ }), 'Ani Sargsyan');
    await user.type(screen.getByRole('textbox', { name: /^Sort code/ }), '0');
    await user.type(screen.getByRole('textbox', { name: /^Account number/ }), '55779911');
    await user.click(screen.getByRole('checkbox', { name: /I am the account holder/ }));
    await user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    expect(await screen.findByTestId('card-failure')).toHaveTextContent('Test mode only accepts the test bank details.');

    const accountNumber = screen.getByRole('textbox', { name: /^Account number/ });
    await user.clear(accountNumber);
    await user.type(accountNumber, '00012345');
    await user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your Direct Debit is set up and the payment is being processed');
    // Not paid yet: the flow does not move on, and the form cannot be sent again.
    expect(paid).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Pay £50.00' })).toBeNull();
    expect(api.callsTo(paymentsApi.testConfirm).map((call) => call.json)).toEqual([
      {
        client_secret: 'pi_1_secret_2',
        method: 'bacs_debit',
        sort_code: '108800',
        account_number: '55779911',
        account_holder_name: 'Ani Sargsyan',
        mandate_accepted: true,
      },
      {
        client_secret: 'pi_1_secret_2',
        method: 'bacs_debit',
        sort_code: '108800',
        account_number: '00012345',
        account_holder_name: 'Ani Sargsyan',
        mandate_accepted: true,
      },
    ]);
    expect(api.callsTo(paymentsApi.settle)).toHaveLength(1);
  });
});
