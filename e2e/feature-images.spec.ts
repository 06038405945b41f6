import sharp from 'sharp';
import { adminAuthorization, checkA11y, expect, signInAsAdmin, test } from './fixtures';

// Articles and events have a feature image of their own (decision 083): set in their editors,
// shown on the cards, at the top of their page and in link previews.
test('an editor gives an article and an event a feature image with its words; the cards, the pages and the previews show it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const title = `Pictured article ${stamp}`;
  const alt = `Volunteers at the clinic ${stamp}`;
  const picture = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#2a7a9b' } })
    .png()
    .toBuffer();

  await signInAsAdmin(page);
  await page.goto('/article/new');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Article content' }).click();
  await page.keyboard.type('A day at the clinic.');
  const featured = page.getByRole('region', { name: 'Feature image' });
  await featured.getByLabel('Upload a picture').setInputFiles({ name: 'clinic.png', mimeType: 'image/png', buffer: picture });
  await expect(featured.getByRole('img')).toHaveAttribute('src', /^\/api\/images\/.+\.png$/);
  await featured.getByLabel('What the picture shows').fill(alt);
  await checkA11y(page);
  await page.getByRole('button', { name: 'Save' }).click();

  // The article's page: the picture under the title, with its words.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const image = page.getByRole('article').getByRole('img', { name: alt });
  await expect(image).toBeVisible();
  const src = await image.getAttribute('src');
  await expect(page.getByText(/\d+ min read/)).toBeVisible();
  // Its link preview, as the server sends the page.
  const served = await (await page.request.get(page.url())).text();
  expect(served).toContain(`<meta property="og:image" content="${new URL(src!, page.url()).href}">`);
  expect(served).toContain(`<meta property="og:image:alt" content="${alt}">`);
  const articleUrl = page.url();

  // The news card.
  await page.goto('/news');
  await expect(page.getByRole('listitem').filter({ hasText: title }).getByRole('img', { name: alt })).toHaveAttribute('src', src!);
  await checkA11y(page);

  // An event: the admin's editor on the events page.
  const admin = await adminAuthorization(page.request);
  const eventTitle = `Pictured event ${stamp}`;
  const created = await page.request.post('/api/new_event', {
    headers: admin,
    data: { title: eventTitle, dated: '2099-05-05T18:30', description: 'With pictures.' },
  });
  const { inserted_id: eventId } = (await created.json()) as { inserted_id: string };
  await page.goto('/events');
  const card = page.getByRole('article', { name: eventTitle });
  await card.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit event' });
  await form.getByLabel('Upload a picture').setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: picture });
  await form.getByLabel('What the picture shows').fill('The lecture hall');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(card.getByRole('img', { name: 'The lecture hall' })).toBeVisible();
  await page.goto(`/events/${eventId}`);
  await expect(page.getByRole('article').getByRole('img', { name: 'The lecture hall' })).toBeVisible();
  await checkA11y(page);

  // Put things back: the journey's own article and event go.
  const articleId = articleUrl.split('/').pop()!;
  expect((await page.request.post('/api/delete_article', { headers: admin, data: { _id: articleId } })).status()).toBe(200);
  expect((await page.request.post('/api/delete_event', { headers: admin, data: { _id: eventId } })).status()).toBe(200);
});
