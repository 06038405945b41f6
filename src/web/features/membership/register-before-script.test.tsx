import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { membershipApi } from '../../../shared/api/membership';
import { FakeApi } from '../../testing/fake-api';
import { servedPage, typeBeforeScript } from '../../testing/served-page';
import { readRegisterStepOne } from './flow-storage';
import { readJoinSignIn, readRegisterPay } from './flow-storage-schemas';
import { RegisterPage } from './register-page';

const proceed = {
  tier: { name: 'Doctors, Dental Surgeons and Pharmacists', pence: 5000 },
  date_effective: '2026-11-21',
  client_secret: 'pi_1_secret_2',
  payment_id: 'pay-1',
  sign_in_secret: 'join-secret',
};
const typed: Record<string, string> = {
  first_name: 'Ani',
  last_name: 'Petrosyan',
  email: 'ani@example.org',
  plain_pw: 'long enough',
  addr_line1: '1 High Street',
  addr_city: 'London',
  addr_post: 'N1 1AA',
  phone_no: '+44 20 7946 0000',
};
const input = (container: HTMLElement, selector: string) => container.querySelector<HTMLInputElement>(selector)!;

describe('joining before and as the script arrives (decision 085)', () => {
  it('keeps the tier, the fields and the box ticked before the script, and sends them', async () => {
    const api = new FakeApi().on(membershipApi.registerProceed, proceed);
    const page = servedPage(<RegisterPage />, { route: '/register', api });
    const form = page.container.querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', '/register']);
    typeBeforeScript(input(page.container, 'input[name="tier_index"][value="0"]'), true);
    for (const [name, value] of Object.entries(typed)) typeBeforeScript(input(page.container, `input[name="${name}"]`), value);
    typeBeforeScript(input(page.container, 'input[name="news_email"]'), true);
    await page.takeOver();

    expect(screen.getByRole('radio', { name: /Doctors/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /news and event invitations/ })).toBeChecked();
    await page.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Elsewhere: /register/pay');
    expect(api.callsTo(membershipApi.registerProceed).map((call) => call.json)).toEqual([
      expect.objectContaining({ tier_index: 0, ...typed, news_email: true }),
    ]);
  });

  it("shows the server's refusal beside its field, with the fields kept but the password", async () => {
    const detail = 'An account with this e-mail address already exists. Please sign in, or reset your password if you have forgotten it.';
    const page = servedPage(<RegisterPage />, {
      route: '/register',
      outcome: {
        form: 'register',
        values: { tier_index: '1', first_name: 'Ani', email: 'ani@example.org' },
        fields: { email: detail, last_name: 'Enter your last name' },
        message: { tone: 'error', text: detail },
      },
    });
    expect(input(page.container, 'input[name="first_name"]').value).toBe('Ani');
    expect(input(page.container, 'input[name="tier_index"][value="1"]').checked).toBe(true);
    expect(input(page.container, 'input[name="plain_pw"]').value).toBe('');
    await page.takeOver();
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(detail);
    expect(screen.getByLabelText(/^Last name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ani@example.org');
  });

  it('goes on to the pay step the server began, keeping its secret to sign in with', async () => {
    const page = servedPage(<RegisterPage />, {
      route: '/register',
      outcome: {
        form: 'register',
        values: { tier_index: '0', ...typed, plain_pw: '' },
        message: { tone: 'info', key: 'form.next_step' },
        handover: {
          kind: 'register-pay',
          proceed,
          billing: { line1: '1 High Street', line2: '', city: 'London', postal_code: 'N1 1AA' },
          first_name: 'Ani',
          last_name: 'Petrosyan',
          email: 'ani@example.org',
        },
      },
    });
    expect(within(page.container).getByRole('status')).toHaveTextContent('Your details are saved.');
    await page.takeOver();
    await screen.findByText('Elsewhere: /register/pay');
    expect(readRegisterPay()).toMatchObject({ proceed, first_name: 'Ani', email: 'ani@example.org' });
    expect(readJoinSignIn()).toEqual({ payment_id: 'pay-1', secret: 'join-secret' });
    expect(readRegisterStepOne()).toMatchObject({ first_name: 'Ani', tier_index: 0 });
    expect(JSON.stringify(readRegisterStepOne())).not.toContain('long enough');
  });
});
