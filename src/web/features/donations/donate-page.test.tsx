import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { donationsApi } from '../../../shared/api/donations';
import { paymentsApi } from '../../../shared/api/payments';
import { FakeApi, FakeFailure, type FakeRequest } from '../../testing/fake-api';
import { renderPage, type RenderedPage } from '../../testing/render';
import { DonatePage } from './donate-page';

function fakeDonations() {
  return new FakeApi()
    .on(donationsApi.config, { gift_aid_available: false, charity_number: '1234567', wording_version: '1' })
    .on(paymentsApi.config, { provider: 'test' })
    .on(donationsApi.proceed, (request: FakeRequest) => ({
      clientSecret: 'pi_9_secret_9',
      amount: (request.json as { amount: number }).amount,
      payment_id: 'pay-9',
    }));
}

const proceed = () => screen.getByRole('button', { name: 'Proceed' });
const amount = () => screen.getByLabelText(/^Amount in pounds/);
const name = () => screen.queryByLabelText(/^Your name/);
const email = () => screen.getByLabelText(/^Email/);

async function fill(page: RenderedPage, values: { amount?: string; name?: string; email?: string }) {
  for (const [input, value] of [
    [amount(), values.amount],
    [name(), values.name],
    [email(), values.email],
  ] as const) {
    if (value === undefined || !input) continue;
    await page.user.clear(input);
    await page.user.type(input, value);
  }
}

describe('donate (docs/product.md sections 4, 5 and 9)', () => {
  it('keeps Proceed enabled, and says what is missing when it is pressed (decision 089)', async () => {
    const page = renderPage(<DonatePage />, { route: '/donate', api: fakeDonations() });
    expect(proceed()).toBeEnabled();
    await page.user.click(proceed());
    const missing = await screen.findByTestId('missing-fields');
    expect(missing).toHaveTextContent('Please fill in or correct:');
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Amount in pounds: Enter an amount of at least £1',
      'Your name: Enter your name, or tick Anonymous',
      'Email: Enter your e-mail address for the receipt',
    ]);
    // The first field at fault has the focus; each item leads to its field.
    expect(amount()).toHaveFocus();
    await page.user.click(within(missing).getByRole('link', { name: 'Email' }));
    expect(email()).toHaveFocus();
    expect(page.api.changes()).toEqual([]);

    await fill(page, { amount: '5', name: 'Ani', email: 'not-an-address' });
    expect(
      within(screen.getByTestId('missing-fields'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Email: Enter your e-mail address for the receipt']);
    await fill(page, { email: 'ani@example.org' });
    expect(screen.queryByTestId('missing-fields')).toBeNull();
    await fill(page, { name: ' ' });
    expect(await screen.findByText('Enter your name, or tick Anonymous', { selector: 'p' })).toBeInTheDocument();
    expect(proceed()).toBeEnabled();
  });

  it('takes whole pounds, rounded, and at least £1', async () => {
    const page = renderPage(<DonatePage />, { route: '/donate', api: fakeDonations() });
    await fill(page, { amount: '0.4', name: 'Ani', email: 'ani@example.org' });
    expect(screen.getByText('Enter an amount of at least £1')).toBeInTheDocument();
    await page.user.click(proceed());
    expect(page.api.changes()).toEqual([]);
    await fill(page, { amount: '0.5' });
    await fill(page, { amount: '12.6' });
    await page.user.click(proceed());
    await screen.findByRole('form', { name: 'Card details' });
    // docs/product.md section 9: the amount sent is 100 times the rounded pounds.
    expect(page.api.callsTo(donationsApi.proceed).map((c) => c.json)).toEqual([
      { amount: 1300, name: 'Ani', email: 'ani@example.org', language: 'en' },
    ]);
  });

  it('hides the name when Anonymous is ticked and sends no name', async () => {
    const page = renderPage(<DonatePage />, { route: '/donate', api: fakeDonations() });
    await page.user.click(screen.getByRole('checkbox', { name: 'Anonymous' }));
    expect(name()).toBeNull();
    await fill(page, { amount: '20', email: 'anon@example.org' });
    expect(proceed()).toBeEnabled();
    await page.user.click(proceed());
    await screen.findByRole('form', { name: 'Card details' });
    expect(page.api.callsTo(donationsApi.proceed)[0]?.json).toEqual({
      amount: 2000,
      name: null,
      email: 'anon@example.org',
      language: 'en',
    });
  });

  it('slides to the card step, and Back returns to step one with the details kept and no second proceed', async () => {
    const page = renderPage(<DonatePage />, { route: '/donate', api: fakeDonations() });
    await fill(page, { amount: '10', name: 'Ani', email: 'ani@example.org' });
    await page.user.click(proceed());
    const summary = await screen.findByRole('region', { name: 'Your donation', hidden: false });
    expect(within(summary).getByText('ani@example.org')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Donate £10.00' })).toBeInTheDocument();
    await page.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(amount()).toHaveValue(10);
    expect(name()).toHaveValue('Ani');
    await page.user.click(proceed());
    await screen.findByRole('button', { name: 'Donate £10.00' });
    expect(page.api.callsTo(donationsApi.proceed)).toHaveLength(1);
  });

  it('pays with the test card and goes to /donate/thanks; a declined card alerts the reason', async () => {
    const api = fakeDonations()
      .on(paymentsApi.testConfirm, (request: FakeRequest) =>
        (request.json as { card_number: string }).card_number.replace(/\s/g, '') === '4242424242424242'
          ? { status: 'succeeded' as const }
          : new FakeFailure(402, 'Your card was declined.'),
      )
      .on(paymentsApi.settle, { status: 'succeeded' });
    const page = renderPage(<DonatePage />, { route: '/donate', api });
    await fill(page, { amount: '10', name: 'Ani', email: 'ani@example.org' });
    await page.user.click(proceed());
    const card = await screen.findByRole('form', { name: 'Card details' });
    await page.user.type(within(card).getByLabelText(/^Card number/), '4000 0000 0000 0002');
    await page.user.type(within(card).getByLabelText(/^Expiry/), '12/30');
    await page.user.type(within(card).getByLabelText(/^CVC/), '123');
    await page.user.click(within(card).getByRole('button', { name: 'Donate £10.00' }));
    await screen.findByRole('button', { name: 'Donate £10.00' });
    expect(page.alerts).toEqual(['Payment failed: Your card was declined.']);
    expect(page.location()).toBe('/donate');

    await page.user.clear(within(card).getByLabelText(/^Card number/));
    await page.user.type(within(card).getByLabelText(/^Card number/), '4242 4242 4242 4242');
    await page.user.click(within(card).getByRole('button', { name: 'Donate £10.00' }));
    await screen.findByText('Elsewhere: /donate/thanks');
    expect(page.api.callsTo(paymentsApi.settle).map((c) => c.json)).toEqual([{ client_secret: 'pi_9_secret_9' }]);
  });

  it("shows the server's reason when the donation cannot start, and stays on step one", async () => {
    const api = fakeDonations().on(donationsApi.proceed, new FakeFailure(429, 'Too many attempts. Please wait.'));
    const page = renderPage(<DonatePage />, { route: '/donate', api });
    await fill(page, { amount: '10', name: 'Ani', email: 'ani@example.org' });
    await page.user.click(proceed());
    expect(await screen.findByText('Too many attempts. Please wait.')).toBeInTheDocument();
    expect(amount()).toBeVisible();
  });
});
