import sharp from 'sharp';
import { checkA11y, expect, signInAsAdmin, test } from './fixtures';

const png = (colour: string) =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();

test('the admin replaces a committee photo and deletes the old one, which nothing uses any more', async ({ page }) => {
  test.slow();
  const name = `Dr Images Journey ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto('/');
  const committee = page.getByRole('region', { name: 'Our committee' });
  await committee.getByRole('button', { name: 'Add committee member' }).click();
  const form = committee.getByRole('form', { name: 'New committee member' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('textbox', { name: 'Role' }).fill('Archivist');
  await form.getByLabel('Priority').fill('3');
  let chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Upload photo' }).click();
  await (await chooser).setFiles({ name: 'first.png', mimeType: 'image/png', buffer: await png('#2e6b4f') });
  await expect(form.getByRole('img', { name })).toHaveAttribute('src', /^\/api\/images\//);
  const first = (await form.getByRole('img', { name }).getAttribute('src'))!;
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  // A new photo replaces the first.
  const card = committee.getByRole('article', { name });
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = committee.getByRole('form', { name: 'Edit committee member' });
  chooser = page.waitForEvent('filechooser');
  await edit.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser).setFiles({ name: 'second.png', mimeType: 'image/png', buffer: await png('#8e3b2f') });
  await expect(edit.getByRole('img', { name })).not.toHaveAttribute('src', first);
  const second = (await edit.getByRole('img', { name }).getAttribute('src'))!;
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  // The Images page: the new photo is in use, the old one is not.
  await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Images', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Images' })).toBeVisible();
  const cardOf = (url: string) => page.getByRole('listitem').filter({ has: page.locator(`img[src="${url}"]`) });
  await expect(cardOf(second)).toContainText(`Committee member "${name}"`);
  await expect(cardOf(second).getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(cardOf(first)).toContainText('Not used');
  await checkA11y(page);

  // The filter lives in the address, so it follows a moment after the click.
  await page.getByRole('checkbox', { name: 'Unused images only' }).click();
  await expect(page.getByRole('checkbox', { name: 'Unused images only' })).toBeChecked();
  await expect(page).toHaveURL(/unused=1/);
  await expect(cardOf(second)).toHaveCount(0);
  await cardOf(first).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this image for good?' });
  await expect(confirm).toContainText('240 × 240 PNG');
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'The image was deleted.' })).toBeVisible();
  await expect(cardOf(first)).toHaveCount(0);
  expect((await page.request.get(first)).status()).toBe(404);

  // One in use is refused, naming where it is used.
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token?: string }).token);
  const inUse = await page.request.post('/api/admin/images/delete', {
    headers: { authorization: `Bearer ${token}` },
    data: { _id: /([0-9a-f-]{36})\./.exec(second)![1] },
  });
  expect(inUse.status()).toBe(409);
  expect((await inUse.json()).detail).toContain(`Committee member "${name}"`);

  // Clean up: the member goes (and the journey's own photo with it).
  await page.goto('/');
  await committee.getByRole('article', { name }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(committee.getByRole('article', { name })).toHaveCount(0);
  // The card may leave the list a moment before the deletion's answer has come back.
  const deleteSecond = () =>
    page.request.post('/api/admin/images/delete', {
      headers: { authorization: `Bearer ${token}` },
      data: { _id: /([0-9a-f-]{36})\./.exec(second)![1] },
    });
  await expect.poll(async () => (await deleteSecond()).status()).toBe(200);
});
