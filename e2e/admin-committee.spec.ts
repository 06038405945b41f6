import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { checkA11y, expect, signInAsAdmin, test, waitForHydrationOnNavigation } from './fixtures';

async function visitorPage(browser: Browser, like: Page): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', reducedMotion: 'reduce' });
  const visitor = waitForHydrationOnNavigation(await context.newPage());
  await visitor.goto(new URL('/', like.url()).href);
  return visitor;
}

test('the admin adds a member with a photo, edits, cancels an edit and deletes; visitors see each change', async ({ page, browser }) => {
  // A long journey with an accessibility scan at every step.
  test.slow();
  const stamp = Date.now();
  // Longer than the card's 30 characters and 200 characters, to see the cut and the whole text.
  const name = `Dr Ekaterina Ter-Petrosyan-Journey ${stamp}`;
  const description =
    `Consultant anaesthetist (${stamp}). ${'She leads the mentoring scheme for students and junior doctors across Great Britain. '.repeat(3)}`.trim();
  const photo = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#2e6b4f' } })
    .png()
    .toBuffer();

  await signInAsAdmin(page);
  await page.goto('/');
  const committee = page.getByRole('region', { name: 'Our committee' });
  await expect(committee.getByRole('article').first()).toBeVisible();

  await committee.getByRole('button', { name: 'Add committee member' }).click();
  const form = committee.getByRole('form', { name: 'New committee member' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Priority')).toHaveValue('100');
  // A new, unsaved member cannot be deleted.
  await form.getByRole('button', { name: 'Delete' }).click();
  await expect(form.getByText('This member has not been saved yet')).toBeVisible();
  await checkA11y(page);

  await form.getByLabel('Name').fill(name);
  await form.getByRole('textbox', { name: 'Role' }).fill('Mentoring Lead');
  await form.getByRole('textbox', { name: 'Description' }).fill(description);
  // The priority is parsed as an integer; something that is not one is refused.
  await form.getByLabel('Priority').fill('soon');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a whole number')).toBeVisible();
  // Low, so the member sorts last and leaves the first four of the narrow view alone.
  await form.getByLabel('Priority').fill('7');

  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload photo' }).click();
  await (await chooser).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: photo });
  await expect(form.getByRole('img', { name })).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]+\.(png|jpg)$/);
  await expect(form.getByRole('button', { name: 'Change photo' })).toBeVisible();

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const card = committee.getByRole('article', { name });
  await expect(card).toBeVisible();
  // The card cuts the name at 30 characters and the description at 200.
  await expect(card.getByRole('heading')).toHaveText(`${name.slice(0, 29).trimEnd()}…`);
  await expect(card).toContainText(`${description.slice(0, 199).trimEnd()}…`);
  await expect(card.getByRole('img', { name })).toHaveAttribute('src', /^\/api\/images\//);
  await checkA11y(page);

  // A visitor (no session) sees the new member, and the whole text in the dialog.
  const visitor = await visitorPage(browser, page);
  const publicCommittee = visitor.getByRole('region', { name: 'Our committee' });
  const publicCard = publicCommittee.getByRole('article', { name });
  await expect(publicCard).toContainText('Mentoring Lead');
  await expect(publicCard.getByRole('img', { name })).toHaveAttribute('src', /^\/api\/images\//);
  await expect(publicCard.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await publicCard.getByRole('button', { name }).click();
  const dialog = visitor.getByRole('dialog', { name });
  await expect(dialog).toContainText(description);
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await checkA11y(visitor);
  await visitor.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Edit the role.
  await card.getByRole('button', { name: 'Edit' }).click();
  const editForm = committee.getByRole('form', { name: 'Edit committee member' });
  await expect(editForm.getByLabel('Name')).toHaveValue(name);
  await expect(editForm.getByLabel('Priority')).toHaveValue('7');
  await editForm.getByRole('textbox', { name: 'Role' }).fill('Mentoring and Careers Lead');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(editForm).toBeHidden();
  await expect(card).toContainText('Mentoring and Careers Lead');
  await visitor.reload();
  await expect(publicCommittee.getByRole('article', { name })).toContainText('Mentoring and Careers Lead');

  // Cancel an edit: nothing changes and the list is not fetched again.
  const refetches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/committees') refetches.push(request.url());
  });
  await card.getByRole('button', { name: 'Edit' }).click();
  await editForm.getByRole('textbox', { name: 'Role' }).fill('Not kept');
  await editForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(editForm).toHaveCount(0);
  await expect(card).toContainText('Mentoring and Careers Lead');
  await expect(card).not.toContainText('Not kept');
  expect(refetches).toEqual([]);

  // Delete after the confirm.
  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this committee member?' });
  await expect(confirm).toContainText(name);
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(committee.getByRole('article', { name })).toHaveCount(0);

  await visitor.reload();
  await expect(publicCommittee.getByRole('article', { name: 'Dr Anahit Petrosyan' })).toBeVisible();
  await expect(publicCommittee.getByRole('article', { name })).toHaveCount(0);
  await visitor.context().close();
});
