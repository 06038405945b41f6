import { checkA11y, expect, test } from './fixtures';

// "Saturday 5 December 2026, 18:30": weekday, day, month, year and 24-hour London time.
const LONG_DATE = /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2}/;
const MONTH_YEAR = /^[A-Z][a-z]+ \d{4}$/;

// The demo content every fresh server starts with.
const demoMembers = [
  'Dr Anahit Petrosyan',
  'Dr Aram Hakobyan',
  'Ms Lilit Sargsyan',
  'Mr Tigran Grigoryan',
  'Dr Nare Avetisyan',
  'Mr Davit Harutyunyan',
];

test('a visitor sees upcoming events with calendar links, and past events in an accordion', async ({ page }) => {
  await page.goto('/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  await expect(page).toHaveTitle('AMA GB | Events');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  const upcoming = page.getByRole('region', { name: 'Upcoming events' });
  const lecture = upcoming.getByRole('article', { name: 'Winter Lecture: Advances in Cardiology' });
  await expect(lecture).toBeVisible();
  await expect(lecture).toContainText(LONG_DATE);
  await expect(lecture).toContainText('followed by questions and refreshments');
  // Visitors never see the admin's controls.
  await expect(page.getByRole('button', { name: 'New event' })).toHaveCount(0);
  await expect(upcoming.getByRole('button', { name: 'Edit' })).toHaveCount(0);

  // "Add to calendar" downloads that one event as iCalendar.
  const addToCalendar = lecture.getByRole('link', { name: 'Add to calendar' });
  const href = await addToCalendar.getAttribute('href');
  expect(href).toMatch(/^\/api\/events\/[0-9a-f-]+\.ics$/);
  await expect(addToCalendar).toHaveAttribute('download', '');
  const ics = await page.request.get(href!);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain('Winter Lecture: Advances in Cardiology');

  // The feed of every event is linked for subscribing.
  const subscribe = page.getByRole('link', { name: 'Subscribe to our calendar' });
  await expect(subscribe).toHaveAttribute('href', '/api/events.ics');
  await expect(page.getByRole('textbox', { name: 'Calendar feed address' })).toHaveValue(/\/api\/events\.ics$/);
  await checkA11y(page);

  // Past events: title and month/year, opening to the date and description.
  const past = page.getByRole('region', { name: 'Past events' });
  // Each a <details>: the browser's own disclosure, with or without the script.
  const agm = past.locator('summary', { hasText: 'Annual General Meeting' });
  const details = past.locator('details').filter({ hasText: 'Annual General Meeting' });
  await expect(details).not.toHaveAttribute('open');
  await expect(agm.getByText(MONTH_YEAR)).toBeVisible();
  await expect(details.getByText('Reports from the committee')).toBeHidden();
  await agm.click();
  await expect(details).toHaveAttribute('open');
  await expect(details).toContainText(LONG_DATE);
  await expect(details.getByText('Reports from the committee')).toBeVisible();
  await checkA11y(page);
});

test('the home page shows the next events and the committee; a member opens in a dialog', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

  const summary = page.getByRole('region', { name: 'Upcoming events' });
  await expect(summary.getByRole('heading', { name: 'Winter Lecture: Advances in Cardiology' })).toBeVisible();
  const items = summary.getByRole('listitem');
  expect(await items.count()).toBeGreaterThanOrEqual(1);
  expect(await items.count()).toBeLessThanOrEqual(3);
  await expect(items.first()).toContainText(LONG_DATE);
  await expect(summary.getByRole('link', { name: 'See all events' })).toHaveAttribute('href', '/events');

  const committee = page.getByRole('region', { name: 'Our committee' });
  for (const name of demoMembers) {
    const card = committee.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name })).toHaveAttribute('src', /^\/api\/images\//);
  }
  // Wide screens show everyone at once.
  await expect(committee.getByText('Show More')).toBeHidden();
  await expect(committee.getByRole('button', { name: 'Add committee member' })).toHaveCount(0);
  await checkA11y(page);

  await committee.getByRole('button', { name: 'Dr Anahit Petrosyan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dr Anahit Petrosyan' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('President');
  await expect(dialog).toContainText(
    'Consultant cardiologist in London. Anahit joined the association as a junior doctor and has led its partnership with hospitals in Yerevan since 2019.',
  );
  await expect(dialog.getByRole('img', { name: 'Dr Anahit Petrosyan' })).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
});

test.describe('at 375px wide', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('only four members show until Show More, then all of them', async ({ page }) => {
    await page.goto('/');
    const committee = page.getByRole('region', { name: 'Our committee' });
    const cards = committee.getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards).toHaveCount(4);
    // On a phone each member is a row: the photo at the left, the name beside it, not below it.
    const photo = await cards.first().getByRole('img').boundingBox();
    const name = await cards.first().getByRole('heading').boundingBox();
    expect(photo!.x).toBeLessThan(40);
    expect(name!.x).toBeGreaterThanOrEqual(photo!.x + photo!.width);
    expect(name!.y).toBeLessThan(photo!.y + photo!.height);
    // Show More is the browser's own disclosure (a <details>), for phones only.
    const showMore = committee.locator('summary', { hasText: 'Show More' });
    await showMore.scrollIntoViewIfNeeded();
    await checkA11y(page);

    await showMore.click();
    await expect(showMore).toBeHidden();
    // Another journey may be adding a member meanwhile, so at least the six of the demo.
    expect(await cards.count()).toBeGreaterThanOrEqual(demoMembers.length);
    for (const name of demoMembers) await expect(committee.getByRole('article', { name })).toBeVisible();
    // Keyboard focus moves on to the first member revealed.
    await expect(committee.locator('details [data-open-member]').first()).toBeFocused();

    await committee.getByRole('button', { name: 'Mr Davit Harutyunyan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mr Davit Harutyunyan' });
    await expect(dialog).toContainText('Fourth-year medical student in Edinburgh and the voice of student members on the committee.');
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
