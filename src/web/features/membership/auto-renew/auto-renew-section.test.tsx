import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { autoRenewalApi } from '../../../../shared/api/auto-renewal';
import { paymentsApi } from '../../../../shared/api/payments';
import { savedCardsApi } from '../../../../shared/api/saved-cards';
import { FakeApi, FakeFailure } from '../../../testing/fake-api';
import { renderPage } from '../../../testing/render';
import { AutoRenewPaymentPage } from './auto-renew-payment-page';
import { AutoRenewSection } from './auto-renew-section';

const paid = { tier_index: 0, last_renewed_date: '2026-11-21' };
const off = { on: false, method: null, next_charge: null };
const on = {
  on: true,
  method: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
  next_charge: { date: '2027-11-21', pence: 5000 },
};

describe('automatic renewal in My Profile', () => {
  it('turns on through the setup flow: the card is saved with the provider, then automatic renewal is on with it', async () => {
    const api = new FakeApi()
      .on(paymentsApi.config, { provider: 'test' })
      .on(autoRenewalApi.state, off)
      .on(autoRenewalApi.setup, { client_secret: 'seti_test1_secret_x', setup_intent_id: 'seti_test1' })
      .on(savedCardsApi.testConfirmSetup, { status: 'succeeded', setup_intent_id: 'seti_test1' })
      .on(autoRenewalApi.set, on);
    const page = renderPage(<AutoRenewSection member={paid} />, { signedInAs: 'member', api });
    await page.user.click(await screen.findByRole('button', { name: 'Turn on automatic renewal' }));
    await page.user.type(await screen.findByLabelText(/Card number/), '4242424242424242');
    await page.user.type(screen.getByLabelText(/Expiry/), '1234');
    await page.user.type(screen.getByLabelText(/CVC|Security code/), '123');
    await page.user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Automatic renewal is on.')).toBeInTheDocument();
    expect(api.callsTo(savedCardsApi.testConfirmSetup).map((c) => c.json)).toEqual([
      { client_secret: 'seti_test1_secret_x', card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 34, cvc: '123' },
    ]);
    expect(api.callsTo(autoRenewalApi.set).map((c) => c.json)).toEqual([{ on: true, setup_intent_id: 'seti_test1' }]);
    expect(screen.getByText('Next charge: £50.00 on 21 November 2027.')).toBeInTheDocument();
    expect(screen.getByText('Card: Visa ending 4242, expires 12/2034.')).toBeInTheDocument();
  });

  it('shows the refusal of a card and saves nothing; turns off; and says a free membership is never charged', async () => {
    const api = new FakeApi()
      .on(paymentsApi.config, { provider: 'test' })
      .on(autoRenewalApi.state, on)
      .on(autoRenewalApi.setup, { client_secret: 'seti_test2_secret_x', setup_intent_id: 'seti_test2' })
      .on(savedCardsApi.testConfirmSetup, new FakeFailure(402, 'Your card was declined.'))
      .on(autoRenewalApi.set, off);
    const page = renderPage(<AutoRenewSection member={paid} />, { signedInAs: 'member', api });
    await page.user.click(await screen.findByRole('button', { name: 'Change card' }));
    await page.user.type(await screen.findByLabelText(/Card number/), '4000000000000002');
    await page.user.type(screen.getByLabelText(/Expiry/), '1234');
    await page.user.type(screen.getByLabelText(/CVC|Security code/), '123');
    await page.user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(api.callsTo(autoRenewalApi.changeMethod)).toEqual([]);
    await page.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await page.user.click(screen.getByRole('button', { name: 'Turn off automatic renewal' }));
    expect(await screen.findByText('Automatic renewal is off. Your card will not be charged.')).toBeInTheDocument();
    expect(api.callsTo(autoRenewalApi.set).map((c) => c.json)).toEqual([{ on: false }]);
    page.unmount();

    renderPage(<AutoRenewSection member={{ tier_index: 2, last_renewed_date: '2026-11-21' }} />, {
      signedInAs: 'member',
      api: new FakeApi().on(autoRenewalApi.state, off),
    });
    expect(await screen.findByText('A free membership is never charged, so it does not renew automatically.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on automatic renewal' })).toBeNull();
  });
});

describe('the page behind the "confirm the payment" link', () => {
  const shown = { payment_id: 'p1', pence: 5000, period: { start: '2027-11-21', end: '2028-11-21' }, status: 'requires_action' as const };

  it('changes nothing when opened; its button confirms with the bank and the page says so', async () => {
    let status: 'requires_action' | 'succeeded' = 'requires_action';
    const api = new FakeApi()
      .on(paymentsApi.config, { provider: 'test' })
      .on(autoRenewalApi.payment, () => ({ ...shown, status }))
      .on(autoRenewalApi.authenticate, { client_secret: 'pi_test1_secret_x', payment_method_id: 'pm_test1' })
      .on(savedCardsApi.testConfirmSaved, { status: 'requires_action' })
      .on(paymentsApi.testAuthenticate, () => {
        status = 'succeeded';
        return { status: 'succeeded' as const };
      });
    const page = renderPage(<AutoRenewPaymentPage />, {
      signedInAs: 'member',
      api,
      route: '/profile/auto-renew/:paymentId',
      url: '/profile/auto-renew/p1',
    });
    expect(await screen.findByText('£50.00')).toBeInTheDocument();
    expect(screen.getByText('21 November 2027 – 21 November 2028')).toBeInTheDocument();
    expect(api.changes()).toEqual([]);
    await page.user.click(screen.getByRole('button', { name: 'Confirm the payment' }));
    // The simulated bank's check, as on the card step (decision 145).
    const bank = await screen.findByRole('dialog');
    await page.user.click(within(bank).getAllByRole('button').at(-1)!);
    expect(await screen.findByText(/the payment is confirmed and your membership is renewed/)).toBeInTheDocument();
    expect(api.callsTo(savedCardsApi.testConfirmSaved).map((c) => c.json)).toEqual([{ client_secret: 'pi_test1_secret_x' }]);
    expect(api.callsTo(paymentsApi.testAuthenticate).map((c) => c.json)).toEqual([
      { client_secret: 'pi_test1_secret_x', outcome: 'complete' },
    ]);
  });

  it('shows the bank’s refusal, and a payment no longer waiting has no button', async () => {
    const api = new FakeApi()
      .on(paymentsApi.config, { provider: 'test' })
      .on(autoRenewalApi.payment, shown)
      .on(autoRenewalApi.authenticate, new FakeFailure(409, 'This payment needs no confirmation now: it has been paid, or closed.'));
    const page = renderPage(<AutoRenewPaymentPage />, {
      signedInAs: 'member',
      api,
      route: '/profile/auto-renew/:paymentId',
      url: '/profile/auto-renew/p1',
    });
    await page.user.click(await screen.findByRole('button', { name: 'Confirm the payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment could not be confirmed: This payment needs no confirmation now',
    );
    page.unmount();
    renderPage(<AutoRenewPaymentPage />, {
      signedInAs: 'member',
      api: new FakeApi().on(paymentsApi.config, { provider: 'test' }).on(autoRenewalApi.payment, { ...shown, status: 'closed' }),
      route: '/profile/auto-renew/:paymentId',
      url: '/profile/auto-renew/p1',
    });
    expect(await screen.findByText(/no longer needs confirming/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm the payment' })).toBeNull();
  });
});
