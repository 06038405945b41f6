import { siteTextHy } from '../src/shared/domain/site-text-hy';
import { checkA11y, expect, test } from './fixtures';
import { uniqueEmail } from './membership-helpers';

// Decision 191: a visitor joins on the Armenian page, keeps Armenian as the language of the mail,
// and the welcome arrives in Armenian, linking to the Armenian sign-in page.

type Mail = { subject: string; text: string };
const hy = siteTextHy;

test('a visitor joins on the Armenian page with Armenian chosen and receives the welcome in Armenian', async ({ page }) => {
  test.slow();
  const email = uniqueEmail('join-hy');

  await page.goto('/hy/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hy');
  await page.getByRole('radio', { name: new RegExp(`^${hy['tier.2.name']}`) }).check();
  await page.getByRole('textbox', { name: hy['register.first_name'], exact: true }).fill('Անի');
  await page.getByRole('textbox', { name: hy['register.last_name'], exact: true }).fill('Պետրոսյան');
  await page.getByRole('textbox', { name: hy['register.email'], exact: true }).fill(email);
  await page.getByRole('textbox', { name: hy['register.password'], exact: true }).fill('Armenian-pass-1234');
  await page.getByRole('textbox', { name: hy['register.qualifications'], exact: true }).fill('MBBS');
  await page.getByRole('textbox', { name: hy['register.grad_year'], exact: true }).fill(String(new Date().getUTCFullYear() + 2));
  await page.getByRole('textbox', { name: hy['register.addr_line1'], exact: true }).fill('1 High Street');
  await page.getByRole('textbox', { name: hy['register.addr_city'], exact: true }).fill('London');
  await page.getByRole('textbox', { name: hy['register.addr_post'], exact: true }).fill('SW1A 1AA');
  await page.getByRole('textbox', { name: hy['register.phone_no'], exact: true }).fill('+44 20 7946 0000');
  // The page's language is the one chosen, unless the visitor picks the other.
  const choice = page.getByRole('radiogroup', { name: hy['register.language'] });
  await expect(choice.getByRole('radio', { name: 'Հայերեն' })).toBeChecked();
  await checkA11y(page);

  await page.getByRole('button', { name: hy['register.continue'] }).click();
  await expect(page).toHaveURL(/\/hy\/register\/pay$/);
  await page.getByRole('button', { name: hy['register.pay.confirm'] }).click();
  await expect(page).toHaveURL(/\/hy\/register\/thanks$/);
  await expect(page.getByRole('heading', { level: 1, name: hy['register.thanks.title'] })).toBeVisible();

  // The server keeps mail in its outbox when no SMTP server is configured (the journeys read it there).
  const inbox = async () => (await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(email)}`)).json()) as Mail[];
  await expect.poll(async () => (await inbox()).length).toBeGreaterThan(0);
  const [welcome] = await inbox();
  expect(welcome!.subject).toBe('Բարի գալուստ Armenian Medical Association of Great Britain');
  expect(welcome!.text).toContain('Հարգելի Անի,');
  expect(welcome!.text).toContain(`${hy['mail.receipt.membership']}: ${hy['tier.2.name']}`);
  expect(welcome!.text).toMatch(/Անդամակցությունը՝ մինչև: \d+ [\u0531-\u0587]+ի, \d{4} թ\./);
  expect(welcome!.text).toMatch(/\/hy\/signIn\b/);
  for (const english of ['Dear ', 'Welcome to', 'Membership until', 'With best wishes']) expect(welcome!.text).not.toContain(english);
});
