import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { siteTextDefaults } from '../src/shared/domain/site-text';
import { checkA11y, expect, signInAsAdmin, test, waitForHydrationOnNavigation } from './fixtures';

// Runs in the "site-wide" project, after every other journey: it changes what every page shows,
// and puts it back at the end.

/** Fails the journey on any error the page logs. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function saveSettingsByApi(page: Page, change: object): Promise<void> {
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token?: string }).token);
  const res = await page.request.post('/api/admin/settings', { headers: { authorization: `Bearer ${token}` }, data: change });
  expect(res.status(), await res.text()).toBe(200);
}

test('the admin uploads a logo and renames the association, and the header shows both at 1280 and 375 px', async ({ page }) => {
  test.slow();
  const errors = watchConsole(page);
  const name = `Armenian Health Society of Britain ${Date.now() % 100000}`;
  const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#8e3b2f' } })
    .png()
    .toBuffer();

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Open the settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Settings' });
  await expect(form.getByLabel('Association name')).toHaveValue(siteTextDefaults.site_name);
  // The default mark carries no words: the name beside it is text.
  await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', '/mark.svg');
  await checkA11y(page);

  // A bad address is refused with the field named, before anything is sent.
  await form.getByLabel('Byline link').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('Use a web address starting with https:// (or http://)')).toBeVisible();
  await form.getByLabel('Byline link').fill('');

  await form.getByLabel('Association name').fill(name);
  await form.getByLabel('Short name').fill('AHSB');
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload a logo' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  const logoGroup = form.getByRole('group', { name: 'Logo' });
  await expect(logoGroup.locator('img')).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]+\.png$/);
  await expect(logoGroup).toContainText(name);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // The header follows at once: the uploaded mark beside the new name, as text.
  const header = page.getByRole('banner');
  await expect(header.locator('img')).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]+\.png$/);
  await expect(header.getByRole('link', { name: new RegExp(`^AHSB\\s*${name}$`) })).toBeVisible();
  await expect(page).toHaveTitle(/^AHSB \| /);
  await expect(page.getByRole('contentinfo')).toContainText(name);
  await checkA11y(page);

  // A visitor on a phone: the name is legible (at least 12 px) and nothing runs off the screen.
  const phone = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 375, height: 740 }, locale: 'en-GB', reducedMotion: 'reduce' });
  const visitor = waitForHydrationOnNavigation(await phone.newPage());
  const visitorErrors = watchConsole(visitor);
  await visitor.goto(new URL('/', page.url()).href);
  const phoneHeader = visitor.getByRole('banner');
  await expect(phoneHeader.getByText(name)).toBeVisible();
  await expect(phoneHeader.getByText('AHSB')).toBeVisible();
  await expect(phoneHeader.locator('img')).toHaveAttribute('src', /^\/api\/images\//);
  const fontSize = await phoneHeader.getByText(name).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(12);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await checkA11y(visitor);
  await phone.close();

  // The audit log names each change.
  await page.goto('/admin/audit?kind=settings');
  await expect(page.getByRole('main')).toContainText(`Changed the association's name to "${name}"`);
  await expect(page.getByRole('main')).toContainText('Changed the logo to');

  // Back as it was, for whoever comes next.
  await saveSettingsByApi(page, { site_name: siteTextDefaults.site_name, site_short_name: siteTextDefaults.site_short_name, logo_url: '' });
  expect(errors).toEqual([]);
  expect(visitorErrors).toEqual([]);
});

test('the admin sets the social media page; a visitor sees a button and the frame loads only after the click', async ({
  page,
  browser,
}) => {
  test.slow();
  const errors = watchConsole(page);
  const social = 'https://www.facebook.com/ExampleAssociation';
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Settings' });
  await form.getByLabel('Social media page').fill(social);
  // The preview shows the card as visitors see it, loading nothing.
  await expect(form.getByRole('button', { name: 'Show our Facebook page' })).toBeDisabled();
  await expect(form).toContainText('The page comes from www.facebook.com, which may set cookies');
  await checkA11y(page);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();

  // A visitor: Facebook is answered by a stand-in, and every request to it is counted.
  const context = await browser.newContext({ locale: 'en-GB', reducedMotion: 'reduce' });
  const visitor = waitForHydrationOnNavigation(await context.newPage());
  const visitorErrors = watchConsole(visitor);
  const facebook: string[] = [];
  await context.route('https://www.facebook.com/**', (route) => {
    facebook.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Example Association</title></head><body><main><h1>Example Association on Facebook</h1></main></body></html>',
    });
  });
  const home = await visitor.goto(new URL('/', page.url()).href);
  expect(home!.headers()['content-security-policy']).toMatch(/frame-src [^;]*https:\/\/www\.facebook\.com/);
  const contact = visitor.getByRole('region', { name: 'Contact us' });
  const show = contact.getByRole('button', { name: 'Show our Facebook page' });
  await expect(show).toBeVisible();
  await expect(contact).toContainText('Nothing is loaded from www.facebook.com until you choose to show it.');
  await expect(contact.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', social);
  await expect(contact.locator('iframe')).toHaveCount(0);
  await checkA11y(visitor);
  expect(facebook).toEqual([]);

  await show.click();
  const frame = contact.locator('iframe[title="Our social media page"]');
  await expect(frame).toBeVisible();
  await expect(
    visitor.frameLocator('iframe[title="Our social media page"]').getByRole('heading', { name: 'Example Association on Facebook' }),
  ).toBeVisible();
  expect(facebook).toHaveLength(1);
  expect(new URL(facebook[0]!).searchParams.get('href')).toBe(social);

  // Without a page set, the section is the e-mail alone and the policy allows no such frame.
  await saveSettingsByApi(page, { social_media_url: '' });
  const after = await visitor.reload();
  expect(after!.headers()['content-security-policy']).not.toContain('facebook');
  await expect(contact.getByRole('link', { name: 'info@example.org' })).toBeVisible();
  await expect(contact.getByRole('button', { name: /Show our/ })).toHaveCount(0);
  await checkA11y(visitor);
  await context.close();
  expect(errors).toEqual([]);
  expect(visitorErrors).toEqual([]);
});
