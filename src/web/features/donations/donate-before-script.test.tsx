import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { donationsApi } from '../../../shared/api/donations';
import { paymentsApi } from '../../../shared/api/payments';
import { FakeApi, type FakeRequest } from '../../testing/fake-api';
import { servedPage, typeBeforeScript } from '../../testing/served-page';
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
const input = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('donating before and as the script arrives (decision 085)', () => {
  it('keeps the amount, the address and a ticked box, and sends them', async () => {
    const page = servedPage(<DonatePage />, { route: '/donate', api: fakeDonations() });
    const form = page.container.querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/donate']);
    typeBeforeScript(input(page.container, 'amount'), '15');
    typeBeforeScript(input(page.container, 'anonymous'), true);
    typeBeforeScript(input(page.container, 'email'), 'anon@example.org');
    await page.takeOver();
    expect(screen.getByRole('checkbox', { name: 'Anonymous' })).toBeChecked();
    expect(screen.queryByLabelText(/^Your name/)).toBeNull();
    await page.user.click(screen.getByRole('button', { name: 'Proceed' }));
    await screen.findByRole('button', { name: 'Donate £15.00' });
    expect(page.api.callsTo(donationsApi.proceed).map((call) => call.json)).toEqual([
      { amount: 1500, name: null, email: 'anon@example.org', language: 'en' },
    ]);
  });

  it('opens the card step of the donation the server began', async () => {
    const page = servedPage(<DonatePage />, {
      route: '/donate',
      api: fakeDonations(),
      outcome: {
        form: 'donate',
        values: { amount: '25', name: 'Ani Sargsyan', email: 'ani@example.org', ga_scope: 'this' },
        message: { tone: 'info', key: 'form.next_step' },
        handover: {
          kind: 'donation',
          request: { amount: 2500, name: 'Ani Sargsyan', email: 'ani@example.org' },
          clientSecret: 'pi_7_secret_7',
          amount: 2500,
        },
      },
    });
    expect(input(page.container, 'amount').value).toBe('25');
    expect(within(page.container).getByRole('status')).toHaveTextContent('Your details are saved.');
    await page.takeOver();
    expect(await screen.findByRole('button', { name: 'Donate £25.00' })).toBeInTheDocument();
    expect(page.api.callsTo(donationsApi.proceed)).toEqual([]);
  });

  it("shows the server's word on each field it refused", async () => {
    const page = servedPage(<DonatePage />, {
      route: '/donate',
      api: fakeDonations(),
      outcome: {
        form: 'donate',
        values: { amount: '0', name: 'Ani', email: 'ani@example', ga_scope: 'this' },
        fields: { amount: 'Enter an amount of at least £1', email: 'Enter your e-mail address for the receipt' },
      },
    });
    await page.takeOver();
    expect(screen.getByLabelText(/^Amount in pounds/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter your e-mail address for the receipt')).toBeInTheDocument();
  });
});
