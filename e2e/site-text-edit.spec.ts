import { checkA11y, expect, setSiteText, signInAsAdmin, siteTextValue, test } from './fixtures';

test('the admin changes a site text by right-clicking it, and the change stays', async ({ page, browser }) => {
  const mission = `Caring for our community across Great Britain (${Date.now()}).`;
  await signInAsAdmin(page);
  // Site text is shared by every journey on this server: put the mission back however this one ends.
  const before = await siteTextValue(page, 'home.mission');
  try {
    await page.goto('/');
    await page.getByText(before).click({ button: 'right' });
    const prompt = page.getByRole('dialog', { name: /Edit site text/ });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('home.mission');
    const value = prompt.getByRole('textbox', { name: 'Value' });
    await expect(value).toHaveValue(before);
    await checkA11y(page);

    await value.fill(mission);
    await prompt.getByRole('button', { name: 'Save' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByText(mission)).toBeVisible();

    await page.reload();
    await expect(page.getByText(mission)).toBeVisible();

    // A new visitor (no cached table) gets the saved text from the server.
    const visitor = await browser.newPage();
    await visitor.goto(new URL('/', page.url()).href);
    await expect(visitor.getByText(mission)).toBeVisible();
    await visitor.close();
  } finally {
    await setSiteText(page, 'home.mission', before);
  }
});
