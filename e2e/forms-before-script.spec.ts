import type { Page, Request } from '@playwright/test';
import { TEST_CARDS } from '../src/shared/api/payments';
import { checkA11y, expect, test } from './fixtures';
import { collectDialogs, fillTestCard, registerStudentByApi, uniqueEmail } from './membership-helpers';

/**
 * Decision 085: a form sent before the page's script has taken it over (a slow phone, a script
 * that does not load) never puts its fields in the address, and is either completed or answered
 * with the page and a plain message. Text typed before the script arrives is kept.
 */

/** A member of the journey's own (the admin has a second factor, whose codes work once each). */
async function newMember(page: Page): Promise<{ email: string; password: string }> {
  const member = { email: uniqueEmail('before-script'), password: 'Before-script-1234' };
  await registerStudentByApi(page, member.email, member.password);
  return member;
}

/** Every address the page asked for, to show that no field travelled in one. */
function addressesAskedFor(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

function expectNothingInTheAddress(urls: string[], ...secrets: string[]) {
  for (const url of urls) {
    const address = new URL(url);
    for (const secret of secrets) expect(decodeURIComponent(address.search), url).not.toContain(secret);
  }
}

/** Holds every script of the site until `release`, as a slow network would. */
async function holdScripts(page: Page): Promise<{ release(): void }> {
  // Module scripts hold back DOMContentLoaded and load: wait for what is drawn instead.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.(m?js|tsx?)(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** The script has taken the page over (src/web/main.tsx marks the document). */
async function scriptHasTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Step one of joining as a student, as served: the graduation year is asked for once the script shows it. */
async function fillStudent(page: Page, email: string, password: string) {
  await page.getByRole('radio', { name: /^Students/ }).check();
  await page.getByLabel('First name').fill('Ani');
  await page.getByLabel('Last name').fill('Petrosyan');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Address line 1').fill('1 High Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postcode').fill('SW1A 1AA');
  await page.getByLabel('Phone number').fill('+44 20 7946 0000');
}

/**
 * A student's graduation year, which the served form asks for only once the server has seen the
 * student tier chosen (the field appears with the script): the answer names it beside its field,
 * the rest kept but the password, which is never sent back.
 */
async function giveGraduationYear(page: Page, password: string) {
  await expect(page.getByText('Students: enter the year you expect to graduate').first()).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Ani');
  await page.getByLabel('Expected graduation year').fill('2030');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

test.describe('with no script at all', () => {
  test.use({ javaScriptEnabled: false });

  test('signing in posts to the server, which signs in or says why not, never by the address', async ({ page }) => {
    const { email, password } = await newMember(page);
    const urls = addressesAskedFor(page);
    await page.goto('/signIn');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Email or password not recognized');
    await expect(page).toHaveURL(/\/signIn$/);
    // The address is kept, the password is not.
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue('');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('You are signed in.');
    await expect(page).toHaveURL(/\/signIn$/);
    expectNothingInTheAddress(urls, email, password, 'not-the-password');
    // axe is a script itself: the journeys below scan these answers with the script held back instead.
    await page.goto('about:blank');
  });

  test('a forgotten password is sent for without the script', async ({ page }) => {
    await page.goto('/signIn/pwForgot');
    await page.getByLabel('Email').fill('someone@example.org');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Please check your email for further instructions.')).toBeVisible();
    await expect(page).toHaveURL(/\/signIn\/pwForgot$/);
    await page.goto('about:blank');
  });

  test('joining and donating say what is missing, keep what was typed, and begin', async ({ page }) => {
    const urls = addressesAskedFor(page);
    const email = uniqueEmail('noscript-join');
    const password = 'Noscript-pass-1234';
    await page.goto('/register');
    await page.getByLabel('First name').fill('Ani');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText('Choose a membership tier')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Ani');
    await expect(page.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Password')).toHaveValue('');

    await fillStudent(page, email, password);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await giveGraduationYear(page, password);
    await expect(page.getByRole('status')).toContainText('Your details are saved.');

    await page.goto('/donate');
    await page.getByLabel('Amount in pounds').fill('20');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText('Enter your e-mail address for the receipt')).toBeVisible();
    await expect(page.getByLabel('Amount in pounds')).toHaveValue('20');
    await page.getByLabel('Your name').fill('Ani Sargsyan');
    await page.getByLabel('Email').fill('ani-noscript@example.org');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('status')).toContainText('Your details are saved.');
    await expect(page).toHaveURL(/\/donate$/);
    expectNothingInTheAddress(urls, email, password, 'ani-noscript@example.org');
    await page.goto('about:blank');
  });
});

test.describe('with the script arriving late', () => {
  // A page of its own: the fixture's page waits for the site's script on every visit, and here it waits on purpose.
  let page: Page;
  test.beforeEach(async ({ context }) => {
    page = await context.newPage();
  });

  test('a sign-in sent before the script is completed by the server, and the script keeps the session', async () => {
    const { email, password } = await newMember(page);
    const urls = addressesAskedFor(page);
    const scripts = await holdScripts(page);
    await page.goto('/signIn', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('You are signed in.');
    await checkA11y(page);
    scripts.release();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('session') ?? '{}') as { username?: string })).toMatchObject({
      username: email,
    });
    expectNothingInTheAddress(urls, email, password);
  });

  test('what was typed before the script is kept when it takes over', async () => {
    const { email, password } = await newMember(page);
    const scripts = await holdScripts(page);
    await page.goto('/signIn', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    scripts.release();
    await scriptHasTakenOver(page);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('joining begun before the script goes on to the pay step, and the new member is signed in', async () => {
    const urls = addressesAskedFor(page);
    const email = uniqueEmail('late-join');
    const password = 'Late-script-pass-1234';
    const scripts = await holdScripts(page);
    await page.goto('/register', { waitUntil: 'commit' });
    await fillStudent(page, email, password);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await giveGraduationYear(page, password);
    await expect(page.getByRole('status')).toContainText('Your details are saved.');
    await checkA11y(page);
    scripts.release();
    await expect(page).toHaveURL(/\/register\/pay$/);
    await page.getByRole('button', { name: 'Complete registration' }).click();
    await expect(page).toHaveURL(/\/register\/thanks$/);
    await expect(page.getByRole('status').filter({ hasText: 'You are signed in.' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await expect(page.getByText(email)).toBeVisible();
    expectNothingInTheAddress(urls, email, password);
  });

  test('a donation begun before the script opens its card step when the script arrives', async () => {
    const dialogs = collectDialogs(page);
    const urls = addressesAskedFor(page);
    const email = uniqueEmail('late-donor');
    const scripts = await holdScripts(page);
    await page.goto('/donate', { waitUntil: 'commit' });
    await page.getByLabel('Amount in pounds').fill('15');
    await page.getByLabel('Your name').fill('Ani Sargsyan');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByRole('status')).toContainText('Your details are saved.');
    scripts.release();
    await expect(page.getByTestId('donate-summary')).toHaveText('£15.00 from Ani Sargsyan');
    await fillTestCard(page, TEST_CARDS.success);
    await page.getByRole('button', { name: 'Donate £15.00' }).click();
    await expect(page).toHaveURL(/\/donate\/thanks$/);
    expect(dialogs).toEqual([]);
    expectNothingInTheAddress(urls, email);
  });
});
