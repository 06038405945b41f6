import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProceedResponse } from '../../../shared/api/membership';
import { paymentsApi } from '../../../shared/api/payments';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
import { renderPage, type RenderedPage } from '../../testing/render';
import { saveRegisterPay, saveRenew } from './flow-storage';
import { readRegisterPay, readRenew } from './flow-storage-schemas';
import { RegisterPayPage } from './register-pay-page';
import { RenewPayPage } from './renew-pay-page';
import { membershipApi } from '../../../shared/api/membership';

const paid: ProceedResponse = {
  tier: { name: 'Doctors, Dental Surgeons and Pharmacists', pence: 5000 },
  date_effective: '2026-11-21',
  client_secret: 'pi_5_secret_5',
  payment_id: 'pay-5',
};
const free: ProceedResponse = { tier: { name: 'Students', pence: 0 }, date_effective: '2026-11-21', payment_id: 'pay-6' };
const billing = { line1: '1 High Street', line2: '', city: 'London', postal_code: 'N1 1AA' };

function storeRegistration(proceed: ProceedResponse) {
  saveRegisterPay({ proceed, billing, first_name: 'Ani', last_name: 'Petrosyan', email: 'ani@example.org' });
}

/** The test provider: 4242… succeeds, anything else is declined. */
function cardApi() {
  return new FakeApi()
    .on(paymentsApi.config, { provider: 'test' })
    .on(paymentsApi.testConfirm, (request) =>
      (request.json as { card_number: string }).card_number.replace(/\s/g, '') === '4242424242424242'
        ? { status: 'succeeded' as const }
        : new FakeFailure(402, 'Your card was declined.'),
    )
    .on(paymentsApi.settle, { status: 'succeeded' });
}

async function payWith(page: RenderedPage, number: string) {
  const card = await screen.findByRole('form', { name: 'Card details' });
  await page.user.type(within(card).getByLabelText(/^Card number/), number);
  await page.user.type(within(card).getByLabelText(/^Expiry/), '12/30');
  await page.user.type(within(card).getByLabelText(/^CVC/), '123');
  await page.user.click(within(card).getByRole('button', { name: 'Pay £50.00' }));
}

describe('registration pay step (docs/product.md sections 4 and 8)', () => {
  it('returns to /register without step-one data', async () => {
    renderPage(<RegisterPayPage />, { route: '/register/pay' });
    expect(await screen.findByText('Elsewhere: /register')).toBeInTheDocument();
  });

  it('alerts "Payment failed:" with the reason on a declined card, then pays, clears the steps and thanks', async () => {
    storeRegistration(paid);
    const page = renderPage(<RegisterPayPage />, { route: '/register/pay', api: cardApi() });
    const summary = screen.getByRole('region', { name: 'Your membership' });
    expect(summary).toHaveTextContent('Ani Petrosyan');
    expect(summary).toHaveTextContent('£50.00 per year');
    // The billing address typed in step one is offered again.
    expect(await screen.findByDisplayValue('1 High Street')).toBeInTheDocument();
    await payWith(page, '4000 0000 0000 0002');
    await screen.findByRole('button', { name: 'Pay £50.00' });
    expect(page.alerts).toEqual(['Payment failed: Your card was declined.']);
    expect(readRegisterPay()).toBeDefined();

    await page.user.clear(screen.getByLabelText(/^Card number/));
    await page.user.type(screen.getByLabelText(/^Card number/), '4242 4242 4242 4242');
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    expect(await screen.findByText('Elsewhere: /register/thanks')).toBeInTheDocument();
    expect(readRegisterPay()).toBeUndefined();
  });

  it('confirms a free tier with the simple call instead of a card', async () => {
    storeRegistration(free);
    const api = new FakeApi().on(membershipApi.registerConfirmSimple, { succeeded: true });
    const page = renderPage(<RegisterPayPage />, { route: '/register/pay', api });
    expect(screen.queryByRole('form', { name: 'Card details' })).toBeNull();
    await page.user.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(await screen.findByText('Elsewhere: /register/thanks')).toBeInTheDocument();
    expect(page.api.callsTo(membershipApi.registerConfirmSimple).map((c) => c.json)).toEqual([free]);
  });

  it('alerts the unexpected-error text when the simple confirm fails, and stays', async () => {
    storeRegistration(free);
    const api = new FakeApi().on(membershipApi.registerConfirmSimple, { succeeded: false });
    const page = renderPage(<RegisterPayPage />, { route: '/register/pay', api });
    await page.user.click(screen.getByRole('button', { name: 'Complete registration' }));
    await expect.poll(() => page.alerts).toEqual(['An unexpected error has occurred. Please try again later.']);
    expect(page.location()).toBe('/register/pay');
  });
});

describe('renewal pay step (docs/product.md sections 4 and 8)', () => {
  it('sends a visitor without a session to /signIn, and a member without step one to /renew', async () => {
    saveRenew({ tier_index: 0, proceed: paid });
    renderPage(<RenewPayPage />, { route: '/renew/pay' });
    expect(await screen.findByText('Elsewhere: /signIn')).toBeInTheDocument();
  });

  it('sends a member without step-one data back to /renew', async () => {
    renderPage(<RenewPayPage />, { route: '/renew/pay', signedInAs: 'member' });
    expect(await screen.findByText('Elsewhere: /renew')).toBeInTheDocument();
  });

  it('alerts its own fixed message on a declined card, then pays and goes to /profile#renewed', async () => {
    saveRenew({ tier_index: 0, proceed: paid });
    const page = renderPage(<RenewPayPage />, { route: '/renew/pay', signedInAs: 'member', api: cardApi() });
    await payWith(page, '4000 0000 0000 0002');
    await screen.findByRole('button', { name: 'Pay £50.00' });
    expect(page.alerts).toEqual(['Payment failed - please try again']);

    await page.user.clear(screen.getByLabelText(/^Card number/));
    await page.user.type(screen.getByLabelText(/^Card number/), '4242 4242 4242 4242');
    await page.user.click(screen.getByRole('button', { name: 'Pay £50.00' }));
    await screen.findByText('Elsewhere: /profile');
    expect(page.location()).toBe('/profile#renewed');
    expect(readRenew()).toBeUndefined();
  });

  it('renews a free tier with the simple call, with the bearer token', async () => {
    saveRenew({ tier_index: 2, proceed: free });
    const api = new FakeApi().on(membershipApi.renewConfirmSimple, { succeeded: true });
    const page = renderPage(<RenewPayPage />, { route: '/renew/pay', signedInAs: 'member', api });
    await page.user.click(screen.getByRole('button', { name: 'Confirm renewal' }));
    await screen.findByText('Elsewhere: /profile');
    expect(page.location()).toBe('/profile#renewed');
    expect(page.api.callsTo(membershipApi.renewConfirmSimple).map((c) => [c.json, c.authorization])).toEqual([
      [free, 'Bearer token-member'],
    ]);
  });
});
