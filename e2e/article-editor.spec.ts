import sharp from 'sharp';
import { checkA11y, expect, signInAsAdmin, test } from './fixtures';

// The admin has editing rights; a journey for the editor role comes with the admin screens.
test('an editor writes, views, edits, finds by category and deletes an article', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const title = `Journey article ${stamp}`;
  const category = `Journey ${stamp}`;
  const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0b4f6c' } })
    .png()
    .toBuffer();

  await signInAsAdmin(page);
  await page.goto('/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await checkA11y(page);
  await page.getByRole('link', { name: 'New article' }).click();
  await expect(page).toHaveURL(/\/article\/new$/);
  const content = page.getByRole('textbox', { name: 'Article content' });
  await expect(content).toBeVisible();
  await checkA11y(page);

  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  const categories = page.getByRole('combobox', { name: 'Categories' });
  await categories.fill(category);
  await categories.press('Enter');
  await expect(page.getByRole('button', { name: category })).toBeVisible();

  await content.click();
  await page.keyboard.type('Hello ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('bold words');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('first item');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second item');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Visit us');
  for (let i = 0; i < 'Visit us'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByRole('textbox', { name: 'URL' }).fill('https://example.org/visit');
  await checkA11y(page);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(content.getByRole('link', { name: 'Visit us' })).toBeVisible();

  await content.press('End');
  await page.getByRole('button', { name: 'Upload image' }).click();
  await expect(page.getByText('Click icon to attach image')).toBeVisible();
  await checkA11y(page);
  await page.getByTestId('image-upload-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(content.locator('figure img')).toHaveAttribute('src', /^\/api\/images\/.+\.png$/);
  await expect(page.getByTestId('article-brief')).toHaveText('Hello bold words first item second item Visit us');
  await checkA11y(page);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/article\/[0-9a-f-]{36}$/);
  const articleUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const body = page.getByRole('article');
  await expect(body.locator('strong')).toHaveText('bold words');
  await expect(body.getByRole('listitem')).toHaveText(['first item', 'second item']);
  const link = body.getByRole('link', { name: 'Visit us' });
  await expect(link).toHaveAttribute('href', 'https://example.org/visit');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(body.locator('figure img')).toHaveAttribute('width', '300');
  await checkA11y(page);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`${articleUrl}/edit`);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(content.locator('strong')).toHaveText('bold words');
  await checkA11y(page);
  await page.getByRole('textbox', { name: 'Title' }).fill(`${title} (edited)`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(articleUrl);
  await expect(page.getByRole('heading', { level: 1, name: `${title} (edited)` })).toBeVisible();

  await page.goto('/news');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: category });
  await expect(page).toHaveURL(/category=/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([`${title} (edited)`]);
  await checkA11y(page);

  await page.getByRole('link', { name: `${title} (edited)` }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this article?' });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('link', { name: `${title} (edited)` })).toHaveCount(0);
  await page.goto(articleUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
});

test('cancelling a new article asks first, then goes back to the news', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/article/new');
  await page.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to cancel?' });
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/news$/);
});
