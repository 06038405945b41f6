import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A fresh address per run and per journey, so journeys never collide. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;
}

export interface Applicant {
  tier: RegExp;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  gradYear?: string;
}

/** Fills in step one of joining and continues to the pay page. */
export async function fillRegistration(page: Page, who: Applicant): Promise<void> {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Join us' })).toBeVisible();
  await page.getByRole('radio', { name: who.tier }).check();
  await page.getByLabel('First name').fill(who.firstName ?? 'Ani');
  await page.getByLabel('Last name').fill(who.lastName ?? 'Petrosyan');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByLabel('Qualifications').fill('MBBS');
  await page.getByLabel('Workplace').fill('St Elsewhere Hospital');
  if (who.gradYear) await page.getByLabel('Expected graduation year').fill(who.gradYear);
  await page.getByLabel('Address line 1').fill('1 High Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('SW1A 1AA');
  await page.getByLabel('Phone number').fill('+44 20 7946 0000');
}

export async function continueToPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/register\/pay$/);
}

/** Types a card into the test provider's form. */
export async function fillTestCard(page: Page, number: string): Promise<void> {
  await expect(page.getByText('Test payments — no real card is charged')).toBeVisible();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** Collects every alert the page raises, accepting each. */
export function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** Registers a free (Students) member straight through the API, for journeys about something else. */
export async function registerStudentByApi(page: Page, email: string, password: string): Promise<void> {
  const proceed = await page.request.post('/api/register_proceed', {
    data: {
      tier_index: 2,
      first_name: 'Ani',
      last_name: 'Petrosyan',
      email,
      plain_pw: password,
      grad_year: 2030,
      addr_line1: '1 High Street',
      addr_city: 'London',
      addr_post: 'SW1A 1AA',
      phone_no: '+44 20 7946 0000',
    },
  });
  expect(proceed.status(), await proceed.text()).toBe(200);
  const confirm = await page.request.post('/api/register_confirm_simple', { data: await proceed.json() });
  expect(confirm.status(), await confirm.text()).toBe(200);
}
