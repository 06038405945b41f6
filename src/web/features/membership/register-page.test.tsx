import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { membershipApi } from '../../../shared/api/membership';
import { FakeApi, FakeFailure } from '../../testing/fake-api';
import { renderPage, type RenderedPage } from '../../testing/render';
import { readRegisterPay } from './flow-storage-schemas';
import { RegisterPage } from './register-page';

const required = ['First name', 'Last name', 'Email', 'Password', 'Address line 1', 'Town or city', 'Postcode', 'Phone number'];
const optional = ['Qualifications', 'Workplace', 'Job title', 'Address line 2'];
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

const answer = {
  tier: { name: 'Doctors, Dental Surgeons and Pharmacists', pence: 5000 },
  date_effective: '2026-11-21',
  client_secret: 'pi_1_secret_2',
  payment_id: 'pay-1',
};

async function fillRequired(page: RenderedPage, tier = /Doctors/) {
  await page.user.click(screen.getByRole('radio', { name: tier }));
  const values: Record<string, string> = {
    'First name': 'Ani',
    'Last name': 'Petrosyan',
    Email: 'ani@example.org',
    Password: 'long enough',
    'Address line 1': '1 High Street',
    'Town or city': 'London',
    Postcode: 'N1 1AA',
    'Phone number': '+44 20 7946 0000',
  };
  for (const [label, value] of Object.entries(values)) await page.user.type(field(label), value);
}

describe('registration step one (docs/product.md sections 2, 4 and 5)', () => {
  it('marks the required fields and not the optional ones', async () => {
    renderPage(<RegisterPage />, { route: '/register' });
    for (const label of required) expect(field(label)).toBeRequired();
    for (const label of optional) expect(field(label)).not.toBeRequired();
    // docs/product.md section 5: the e-mail is a plain text field here.
    expect(field('Email')).toHaveAttribute('type', 'text');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signIn');
  });

  it('offers the three tiers with their prices, and the graduation year only to students', async () => {
    const page = renderPage(<RegisterPage />, { route: '/register' });
    const tiers = within(screen.getByRole('radiogroup', { name: /Membership tier/ })).getAllByRole('radio');
    expect(tiers.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Doctors, Dental Surgeons and Pharmacists£50.00 per year',
      'Other Allied Healthcare Professions£35.00 per year',
      'StudentsFree',
    ]);
    expect(screen.queryByLabelText('Expected graduation year')).toBeNull();
    await page.user.click(screen.getByRole('radio', { name: /Students/ }));
    expect(field('Expected graduation year')).toBeInTheDocument();
    await page.user.click(screen.getByRole('radio', { name: /Other Allied/ }));
    expect(screen.queryByLabelText('Expected graduation year')).toBeNull();
  });

  it('names every missing required field, and the tier, and sends nothing', async () => {
    const page = renderPage(<RegisterPage />, { route: '/register' });
    await page.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Choose a membership tier')).toBeInTheDocument();
    for (const label of required) expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    for (const label of optional) expect(field(label)).toHaveAttribute('aria-invalid', 'false');
    // Each message is tied to its field, so a screen reader reads it with the field.
    const describedBy = (label: string) => document.getElementById(field(label).getAttribute('aria-describedby') ?? '');
    expect(describedBy('First name')).toHaveTextContent('Enter your first name');
    expect(describedBy('Password')).toHaveTextContent('Use at least 8 characters');
    expect(page.api.changes()).toEqual([]);
  });

  it('sends step one, keeps what the pay step needs and goes to /register/pay', async () => {
    const api = new FakeApi().on(membershipApi.registerProceed, answer);
    const page = renderPage(<RegisterPage />, { route: '/register', api });
    await fillRequired(page);
    await page.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByText('Elsewhere: /register/pay');
    expect(page.api.callsTo(membershipApi.registerProceed).map((call) => call.json)).toEqual([
      {
        tier_index: 0,
        first_name: 'Ani',
        last_name: 'Petrosyan',
        email: 'ani@example.org',
        plain_pw: 'long enough',
        news_email: false,
        // Left unticked: the card is not kept for automatic renewal.
        auto_renew: false,
        qualifications: null,
        workplace: null,
        job_title: null,
        grad_year: null,
        addr_line1: '1 High Street',
        addr_line2: null,
        addr_city: 'London',
        addr_post: 'N1 1AA',
        phone_no: '+44 20 7946 0000',
        // The page's language, unless the person chose another (decision 150).
        language: 'en',
      },
    ]);
    expect(readRegisterPay()).toMatchObject({ proceed: answer, first_name: 'Ani', email: 'ani@example.org' });
    // The password never goes to storage.
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('long enough');
  });

  it('shows a refused proceed in an alert and at the field the server names, staying on step one', async () => {
    const api = new FakeApi().on(membershipApi.registerProceed, new FakeFailure(409, 'That e-mail address is already registered'));
    const page = renderPage(<RegisterPage />, { route: '/register', api });
    await fillRequired(page);
    await page.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('That e-mail address is already registered')).toBeInTheDocument();
    expect(page.alerts).toEqual(['That e-mail address is already registered']);
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(page.location()).toBe('/register');
  });

  describe('for students', () => {
    // The year on this device's clock decides what has passed: 21 November 2026 here.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    it('needs a graduation year not yet past, by the same rule as the server, and says why', async () => {
      const api = new FakeApi().on(membershipApi.registerProceed, { ...answer, tier: { name: 'Students', pence: 0 } });
      const page = renderPage(<RegisterPage />, { route: '/register', api });
      await fillRequired(page, /Students/);
      expect(field('Expected graduation year')).toBeRequired();
      await page.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      expect(field('Expected graduation year')).toHaveAccessibleDescription('Students: enter the year you expect to graduate');
      await page.user.type(field('Expected graduation year'), '1999');
      await page.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      expect(field('Expected graduation year')).toHaveAccessibleDescription(
        'The student tier is for those still studying, and 1999 has passed: choose the tier of your profession, or correct the year',
      );
      expect(page.api.changes()).toEqual([]);
      // This year still counts.
      await page.user.clear(field('Expected graduation year'));
      await page.user.type(field('Expected graduation year'), '2026');
      await page.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      await screen.findByText('Elsewhere: /register/pay');
      expect(page.api.callsTo(membershipApi.registerProceed)[0]?.json).toMatchObject({ tier_index: 2, grad_year: 2026 });
    });

    it('sends a student graduation year as a number, and refuses one that is not a year', async () => {
      const api = new FakeApi().on(membershipApi.registerProceed, { ...answer, tier: { name: 'Students', pence: 0 } });
      const page = renderPage(<RegisterPage />, { route: '/register', api });
      await fillRequired(page, /Students/);
      await page.user.type(field('Expected graduation year'), '12');
      await page.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      expect(await screen.findByText('Enter a year like 2028')).toBeInTheDocument();
      await page.user.clear(field('Expected graduation year'));
      await page.user.type(field('Expected graduation year'), '2028');
      await page.user.click(screen.getByRole('button', { name: 'Continue to payment' }));
      await screen.findByText('Elsewhere: /register/pay');
      expect(page.api.callsTo(membershipApi.registerProceed)[0]?.json).toMatchObject({ tier_index: 2, grad_year: 2028 });
    });
  });
});
