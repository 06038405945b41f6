import { fromLondonLocal, toLondonLocal } from '../src/shared/domain/london-time';
import { formatEventDate } from '../src/web/lib/format';
import { checkA11y, expect, signInAsAdmin, test, waitForHydrationOnNavigation } from './fixtures';

/** Tomorrow at 09:15 London time: sooner than any demo event, so it leads the home summary. */
function tomorrowMorning(): string {
  return `${toLondonLocal(new Date(Date.now() + 24 * 60 * 60 * 1000)).slice(0, 10)}T09:15`;
}

test('the admin creates, edits, cancels an edit of and deletes an event; the public pages follow', async ({ page, browser }) => {
  // A long journey with an accessibility scan at every step.
  test.slow();
  const stamp = Date.now();
  const title = `E2E lecture ${stamp}`;
  const renamed = `E2E lecture renamed ${stamp}`;
  const dated = tomorrowMorning();
  const longDate = formatEventDate(fromLondonLocal(dated));

  await signInAsAdmin(page);
  await page.goto('/events');
  const upcoming = page.getByRole('region', { name: 'Upcoming events' });
  await expect(upcoming.getByRole('article').first()).toBeVisible();

  // Create.
  await page.getByRole('button', { name: 'New event' }).click();
  const form = page.getByRole('form', { name: 'New event' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('button', { name: 'New event' })).toBeDisabled();
  await expect(form.getByLabel('Date and time (London)')).toHaveAttribute('type', 'datetime-local');
  await checkA11y(page);
  // A title is required: the form says so and stays open.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a title')).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByLabel('Date and time (London)').fill(dated);
  await form.getByRole('textbox', { name: 'Description' }).fill('A talk created by the browser journey.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const card = upcoming.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(longDate);
  await expect(card).toContainText('A talk created by the browser journey.');
  await checkA11y(page);

  await page.goto('/');
  const summary = page.getByRole('region', { name: 'Upcoming events' });
  await expect(summary.getByRole('heading', { name: title })).toBeVisible();
  await expect(summary).toContainText(longDate);

  // Edit the title; while one event is in edit, nothing else can be edited or opened.
  await page.goto('/events');
  await card.getByRole('button', { name: 'Edit' }).click();
  const editForm = page.getByRole('form', { name: 'Edit event' });
  await expect(editForm.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await expect(editForm.getByLabel('Date and time (London)')).toHaveValue(dated);
  await expect(page.getByRole('button', { name: 'New event' })).toBeDisabled();
  for (const edit of await upcoming.getByRole('button', { name: 'Edit' }).all()) await expect(edit).toBeDisabled();
  // Each past event is a <details>: its summary opens it, except while an event is in edit.
  const pastRow = page.getByRole('region', { name: 'Past events' }).locator('summary', { hasText: 'Annual Dinner 2025' });
  const pastDetails = page.getByRole('region', { name: 'Past events' }).locator('details').filter({ hasText: 'Annual Dinner 2025' });
  await expect(pastRow).toHaveAttribute('aria-disabled', 'true');
  await pastRow.click({ force: true });
  await expect(pastDetails).not.toHaveAttribute('open');
  await checkA11y(page);

  await editForm.getByRole('textbox', { name: 'Title' }).fill(renamed);
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(editForm).toBeHidden();
  const renamedCard = upcoming.getByRole('article', { name: renamed });
  await expect(renamedCard).toBeVisible();
  await expect(upcoming.getByRole('article', { name: title })).toHaveCount(0);
  // Editing is over: the accordion opens again.
  await pastRow.click();
  await expect(pastDetails).toHaveAttribute('open');

  // Start editing and cancel: nothing changes, and nothing is fetched again.
  const refetches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') refetches.push(request.url());
  });
  await renamedCard.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('form', { name: 'Edit event' }).getByRole('textbox', { name: 'Title' }).fill('Not kept');
  await page.getByRole('form', { name: 'Edit event' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: 'Edit event' })).toHaveCount(0);
  await expect(renamedCard).toBeVisible();
  await expect(upcoming.getByRole('article', { name: 'Not kept' })).toHaveCount(0);
  expect(refetches).toEqual([]);

  // Cancelling a new event discards it.
  await page.getByRole('button', { name: 'New event' }).click();
  await page.getByRole('form', { name: 'New event' }).getByRole('textbox', { name: 'Title' }).fill('Discarded draft');
  await page.getByRole('form', { name: 'New event' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form', { name: 'New event' })).toHaveCount(0);
  await expect(page.getByText('Discarded draft')).toHaveCount(0);

  // Delete, after the confirm; cancelling the confirm first keeps the event.
  await renamedCard.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this event?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(renamed);
  await checkA11y(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(renamedCard).toBeVisible();

  await renamedCard.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(upcoming.getByRole('article', { name: renamed })).toHaveCount(0);

  // A visitor no longer sees it, on the events page or at home.
  const visitorContext = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London', reducedMotion: 'reduce' });
  const visitor = waitForHydrationOnNavigation(await visitorContext.newPage());
  await visitor.goto(new URL('/events', page.url()).href);
  await expect(visitor.getByRole('region', { name: 'Upcoming events' }).getByRole('article').first()).toBeVisible();
  await expect(visitor.getByText(renamed)).toHaveCount(0);
  await visitor.goto(new URL('/', page.url()).href);
  await expect(visitor.getByRole('region', { name: 'Upcoming events' }).getByRole('listitem').first()).toBeVisible();
  await expect(visitor.getByText(renamed)).toHaveCount(0);
  await checkA11y(visitor);
  await visitorContext.close();
});
