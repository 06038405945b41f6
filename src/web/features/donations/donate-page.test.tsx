import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { donationsApi } from '../../../shared/api/donations';
import { monthlyGiftsApi } from '../../../shared/api/monthly-gifts';
import { paymentsApi } from '../../../shared/api/payments';
import { savedCardsApi } from '../../../shared/api/saved-cards';
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

  describe('monthly giving (decision 170)', () => {
    const started = {
      gift_id: 'gift-1',
      pence: 2500,
      status: 'active' as const,
      gift_aid: true,
      card: { brand: 'visa', last4: '4242' },
      next_charge: '2026-12-12',
      started_at: '2026-11-12T10:00:00.000Z',
      ended_at: null,
    };
    const monthlyApi = () =>
      fakeDonations()
        .on(donationsApi.config, { gift_aid_available: true, charity_number: '1234567', wording_version: '1' })
        .on(monthlyGiftsApi.start, { gift_id: 'gift-1', client_secret: 'seti_1_secret_x', setup_intent_id: 'seti_1' })
        .on(savedCardsApi.testConfirmSetup, { status: 'succeeded', setup_intent_id: 'seti_1' });

    async function chooseMonthly(page: RenderedPage) {
      await page.user.click(await screen.findByRole('radio', { name: 'Monthly' }));
      await fill(page, { amount: '25', name: 'Ani Petrosyan', email: 'ani@example.org' });
    }

    async function saveCard(page: RenderedPage, number: string) {
      const card = await screen.findByRole('form', { name: 'Card details' });
      await page.user.type(within(card).getByLabelText(/^Card number/), number);
      await page.user.type(within(card).getByLabelText(/^Expiry/), '12/30');
      await page.user.type(within(card).getByLabelText(/^CVC/), '123');
      await page.user.click(within(card).getByRole('button', { name: 'Start my monthly gift' }));
    }

    it('starts a monthly gift: the card saved by the setup flow, then the first month taken; Gift Aid covers future donations', async () => {
      const api = monthlyApi().on(monthlyGiftsApi.confirm, { gift: started, first_payment: { status: 'succeeded', message: null } });
      const page = renderPage(<DonatePage />, { route: '/donate', api });
      expect(screen.getByRole('radio', { name: 'Once' })).toBeChecked();
      await chooseMonthly(page);
      await page.user.click(screen.getByRole('checkbox', { name: 'Yes, I want to add Gift Aid' }));
      // Each month is a donation of its own: only the declaration that covers future ones is offered.
      expect(screen.getByRole('radio', { name: 'This donation only' })).toBeDisabled();
      expect(screen.getByRole('radio', { name: /future donations/ })).toBeChecked();
      await page.user.type(screen.getByLabelText(/^House name or number/), '12');
      await page.user.type(screen.getByLabelText(/^Postcode/), 'N1 1AA');
      await page.user.click(screen.getByRole('checkbox', { name: 'I confirm the declaration above' }));
      await page.user.click(proceed());
      expect(await screen.findByTestId('donate-summary')).toHaveTextContent('£25.00 every month from Ani Petrosyan');
      expect(page.api.callsTo(donationsApi.proceed)).toEqual([]);
      expect(page.api.callsTo(monthlyGiftsApi.start).map((c) => c.json)).toEqual([
        {
          amount: 2500,
          name: 'Ani Petrosyan',
          email: 'ani@example.org',
          gift_aid: {
            title: null,
            first_name: 'Ani',
            last_name: 'Petrosyan',
            house: '12',
            postcode: 'N1 1AA',
            non_uk: false,
            past_and_future: true,
            confirmed: true,
          },
          // Its months' receipts in this page's language (decision 191).
          language: 'en',
        },
      ]);
      await saveCard(page, '4242 4242 4242 4242');
      expect(await screen.findByText('Thank you: your monthly gift has started')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('The next is on 12 December 2026');
      expect(page.api.callsTo(savedCardsApi.testConfirmSetup).map((c) => (c.json as { client_secret: string }).client_secret)).toEqual([
        'seti_1_secret_x',
      ]);
      expect(page.api.callsTo(monthlyGiftsApi.confirm).map((c) => c.json)).toEqual([{ gift_id: 'gift-1', setup_intent_id: 'seti_1' }]);
      expect(page.api.callsTo(paymentsApi.testConfirm)).toEqual([]);
    });

    it('says why when the first month is declined, and Back then Proceed starts a new gift', async () => {
      const api = monthlyApi().on(monthlyGiftsApi.confirm, {
        gift: { ...started, status: 'ended' as const, next_charge: null },
        first_payment: { status: 'declined', message: 'Your card was declined.' },
      });
      const page = renderPage(<DonatePage />, { route: '/donate', api });
      await chooseMonthly(page);
      await page.user.click(proceed());
      await saveCard(page, '4000 0000 0000 0341');
      expect(await screen.findByRole('alert')).toHaveTextContent('Your monthly gift has not started: Your card was declined.');
      await page.user.click(screen.getByRole('button', { name: 'Back' }));
      await page.user.click(proceed());
      await screen.findByRole('button', { name: 'Start my monthly gift' });
      expect(page.api.callsTo(monthlyGiftsApi.start)).toHaveLength(2);
    });
  });
});
