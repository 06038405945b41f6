import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsApi } from '../../../shared/api/payments';
import { FakeApi } from '../../testing/fake-api';
import { renderPage } from '../../testing/render';
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
      { client_secret: 'pi_1_secret_2', card_number: '3782 822463 10005', exp_month: 11, exp_year: 26, cvc: '1234' },
    ]);
  });
});
