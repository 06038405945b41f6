import { checkA11y, expect, signInAsAdmin, test } from './fixtures';
import { registerStudentByApi, uniqueEmail } from './membership-helpers';

test('the admin corrects a member’s mistyped e-mail from the member’s page', async ({ page }) => {
  const typo = uniqueEmail('typo').replace('@example.org', '@exmaple.org');
  const fixed = typo.replace('@exmaple.org', '@example.org');
  await registerStudentByApi(page, typo, 'Member-pass-1234');
  await signInAsAdmin(page);
  await page.goto(`/admin/members?q=${encodeURIComponent(typo)}`);
  await page
    .getByRole('row', { name: new RegExp(typo.replace(/[.+]/g, '\\$&')) })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/members\/[^/?]+$/);

  const contact = page.getByRole('region', { name: 'E-mail, consent and messages' });
  await expect(contact.getByRole('list', { name: 'Welcome and receipts sent' }).getByText(/Welcome to the/)).toBeVisible();
  await contact.getByLabel('E-mail address').fill(fixed);
  await contact.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(contact.getByText('The e-mail address has been changed.')).toBeVisible();
  await expect(page.getByRole('link', { name: fixed })).toBeVisible();
  await checkA11y(page);

  // The member signs in with the corrected address.
  const answer = await page.request.post('/api/token', { form: { username: fixed, password: 'Member-pass-1234' } });
  expect(answer.status()).toBe(200);
});
