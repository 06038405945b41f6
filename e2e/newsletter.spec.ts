import sharp from 'sharp';
import { ADMIN_EMAIL, checkA11y, expect, signInAsAdmin, test } from './fixtures';

type Mail = { to: string; subject: string; text: string };

// The admin writes a newsletter with an image, tests it, sends it to one segment; a member gets it,
// opens the preference page from the mail (opening changes nothing) and leaves one list.
test('a newsletter is written, tested and sent to a segment; its reader leaves one list', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const member = `reader-${stamp}@example.org`;
  const subject = `Journey newsletter ${stamp}`;
  const cpd = `CPD ${stamp}`;
  const photo = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#0b4f6c' } })
    .png()
    .toBuffer();

  // A student member who ticked "Send me news" when joining.
  const proceed = await page.request.post('/api/register_proceed', {
    data: {
      tier_index: 2,
      first_name: 'Ani',
      last_name: 'Reader',
      email: member,
      plain_pw: 'journey-password-1',
      grad_year: 2031,
      addr_line1: '1 High Street',
      addr_city: 'London',
      addr_post: 'SW1A 1AA',
      phone_no: '+44 20 7946 0000',
      news_email: true,
    },
  });
  expect(proceed.status(), await proceed.text()).toBe(200);
  expect((await page.request.post('/api/register_confirm_simple', { data: await proceed.json() })).status()).toBe(200);

  await signInAsAdmin(page);
  await page.goto('/admin/newsletters');
  await expect(page.getByRole('heading', { level: 2, name: 'Newsletters' })).toBeVisible();
  // A second list, for everyone who agreed to news, so the reader has one to leave.
  await page.getByRole('textbox', { name: 'New list’s name' }).fill(cpd);
  await page.getByRole('button', { name: 'Add the list' }).click();
  await expect(page.getByRole('cell', { name: cpd })).toBeVisible();
  await checkA11y(page);

  await page.getByRole('link', { name: 'Write a newsletter' }).click();
  await expect(page).toHaveURL(/\/admin\/newsletters\/new$/);
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  const content = page.getByRole('textbox', { name: 'Content', exact: true });
  await content.click();
  await page.keyboard.type('Our winter lecture series opens for booking. Բարեւ ձեզ.');
  await page.getByRole('button', { name: 'Upload image' }).click();
  await page.getByTestId('image-upload-input').setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(content.locator('figure img')).toHaveAttribute('src', /^\/api\/images\/.+\.png$/);
  // Students only: the count follows the segment.
  await page.getByLabel('Audience').selectOption('tier');
  await page.getByRole('checkbox', { name: 'Doctors, Dental Surgeons and Pharmacists' }).uncheck();
  await page.getByRole('checkbox', { name: 'Students' }).check();
  await expect(page.getByRole('region', { name: 'Who will receive it' }).getByText(/\d+ recipients?/)).toBeVisible();
  await checkA11y(page);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Status: Draft')).toBeVisible();

  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText('A test is on its way to you.')).toBeVisible();
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(ADMIN_EMAIL)}`)).json()) as Mail[];
      return mails.some((m) => m.subject === `[Test] ${subject}`);
    })
    .toBe(true);

  await page.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText(/Status: (Being queued|Sending|Sent)/)).toBeVisible();
  let mail: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/test/outbox?to=${encodeURIComponent(member)}`)).json()) as Mail[];
      mail = mails.find((m) => m.subject === subject);
      return Boolean(mail);
    })
    .toBe(true);
  expect(mail!.text).toContain('Բարեւ ձեզ');
  expect(mail!.text).toMatch(/View in your browser: http:\/\/\S+\/newsletters\/[0-9a-f-]{36}/);
  await checkA11y(page);

  // The reader, not signed in, follows the footer's link.
  const link = /Choose what you receive, or unsubscribe: (\S+)/.exec(mail!.text)![1]!;
  const reader = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', reducedMotion: 'reduce' });
  const readerPage = await reader.newPage();
  await readerPage.goto(new URL(link).pathname);
  await expect(readerPage.getByRole('heading', { level: 1, name: 'Your e-mail choices' })).toBeVisible();
  await expect(readerPage.getByRole('checkbox', { name: /^News/ })).toBeChecked();
  const cpdBox = readerPage.getByRole('checkbox', { name: new RegExp(`^${cpd}`) });
  await expect(cpdBox).toBeChecked();
  await checkA11y(readerPage);
  // Opening the page changed nothing: it still shows both lists after a reload.
  await readerPage.reload();
  await expect(cpdBox).toBeChecked();
  await cpdBox.uncheck();
  await readerPage.getByRole('button', { name: 'Save my choices' }).click();
  await expect(readerPage.getByText('Your choices are saved.')).toBeVisible();
  await readerPage.reload();
  await expect(readerPage.getByRole('checkbox', { name: new RegExp(`^${cpd}`) })).not.toBeChecked();
  await expect(readerPage.getByRole('checkbox', { name: /^News/ })).toBeChecked();

  // The web version the mail links to, rendered by the server like the news.
  const webVersion = new URL(/View in your browser: (\S+)/.exec(mail!.text)![1]!).pathname;
  const served = await readerPage.request.get(webVersion);
  expect(served.status()).toBe(200);
  expect(await served.text()).toContain(`>${subject}</h1>`);
  await readerPage.goto(webVersion);
  await expect(readerPage.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(readerPage.getByRole('article').locator('figure img')).toHaveAttribute('src', /^\/api\/images\/.+\.png$/);
  await checkA11y(readerPage);
  // The archive is found from the news page, and lists the newsletter.
  await readerPage.goto('/news');
  await readerPage.getByRole('link', { name: 'Newsletters we have sent' }).click();
  await expect(readerPage.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
  await expect(readerPage.getByRole('link', { name: subject })).toBeVisible();
  await reader.close();
});
