import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Donor {
  amount: string;
  email: string;
  /** Omitted for an anonymous donation. */
  name?: string;
}

/** Opens /donate and fills in step 1 (without Gift Aid). */
export async function fillDonation(page: Page, donor: Donor): Promise<void> {
  await page.goto('/donate');
  await expect(page.getByRole('heading', { level: 1, name: 'Donate' })).toBeVisible();
  await page.getByLabel('Amount in pounds').fill(donor.amount);
  if (donor.name === undefined) {
    await page.getByLabel('Anonymous').check();
    await expect(page.getByLabel('Your name')).toHaveCount(0);
  } else {
    await page.getByLabel('Your name').fill(donor.name);
  }
  await page.getByLabel('Email').fill(donor.email);
}

/** Proceed, and wait for the card step to slide in. */
export async function proceedToCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
}

/** The mail sent to an address, newest first; polls until one arrives. */
export async function receiptFor(page: Page, email: string): Promise<{ subject: string; text: string }> {
  let mails: { subject: string; text: string }[] = [];
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`);
      mails = response.ok() ? ((await response.json()) as typeof mails) : [];
      return mails.length;
    })
    .toBeGreaterThan(0);
  return mails[0]!;
}
