import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { eventFields } from '../../shared/api/events';
import { londonToInstant, londonWallTime, toLondonLocal } from '../../shared/domain/london-time';
import type { Services } from '../services';
import { demoAboutArticle, demoCommittee, demoEvents, demoNewsArticles, demoPrivacyArticle } from './demo-content';
import type { Database } from './schema';
import { settingOrInit } from './settings.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo content is the site's own doing: the audit log shows it without a person. */
const SITE = null;

/** A plain portrait silhouette on the member's colour (no text, so no fonts are needed). */
function portrait(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <rect width="400" height="400" fill="${colour}"/>
    <circle cx="200" cy="160" r="78" fill="#ffffff" fill-opacity="0.85"/>
    <path d="M60 400c0-90 62-150 140-150s140 60 140 150z" fill="#ffffff" fill-opacity="0.85"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The colours of a demo picture: sky from top to bottom, the far and near hills, and the sun. */
type Scene = { sky: [string, string]; far: string; near: string; sun: string };

const SCENES = {
  dusk: { sky: ['#0b4f6c', '#f2a341'], far: '#2a7a9b', near: '#073449', sun: '#f7c27e' },
  dawn: { sky: ['#f7c27e', '#fde7c8'], far: '#c9825a', near: '#7a3b2e', sun: '#ffffff' },
  day: { sky: ['#5fa8c8', '#d8eef6'], far: '#7fa68e', near: '#2f5d4b', sun: '#fff6d6' },
  night: { sky: ['#06202e', '#1f4f6b'], far: '#184a63', near: '#041a26', sun: '#f2e6c8' },
} satisfies Record<string, Scene>;

/**
 * A drawn landscape for the demo's feature images and the home page's picture: two peaks after
 * Mount Ararat's, hills and a sun, in the given colours (no text, so no fonts are needed).
 */
function landscape(scene: Scene, width = 1600, height = 900): Promise<Buffer> {
  const y = (f: number) => Math.round(height * f);
  const x = (f: number) => Math.round(width * f);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${x(0.72)}" cy="${y(0.34)}" r="${y(0.09)}" fill="${scene.sun}" fill-opacity="0.9"/>
    <path d="M0 ${y(0.7)} L${x(0.18)} ${y(0.5)} L${x(0.3)} ${y(0.58)} L${x(0.48)} ${y(0.26)} L${x(0.6)} ${y(0.44)} L${x(0.66)} ${y(0.4)} L${x(0.8)} ${y(0.56)} L${width} ${y(0.5)} L${width} ${height} L0 ${height}z" fill="${scene.far}"/>
    <path d="M${x(0.44)} ${y(0.32)} L${x(0.48)} ${y(0.26)} L${x(0.52)} ${y(0.32)} L${x(0.5)} ${y(0.31)} L${x(0.48)} ${y(0.33)}z" fill="#ffffff" fill-opacity="0.85"/>
    <path d="M0 ${y(0.86)} C${x(0.2)} ${y(0.72)} ${x(0.4)} ${y(0.8)} ${x(0.55)} ${y(0.76)} S${x(0.85)} ${y(0.68)} ${width} ${y(0.78)} L${width} ${height} L0 ${height}z" fill="${scene.near}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** The London date `days` from now at a wall-clock time, as an instant. */
function daysFromNow(now: Date, days: number, [hour, minute]: readonly [number, number]): Date {
  const day = londonWallTime(new Date(now.getTime() + days * DAY_MS));
  return londonToInstant({ year: day.year, month: day.month, day: day.day, hour, minute });
}

function startOfUtcDay(now: Date, daysAgo: number): Date {
  const d = new Date(now.getTime() - daysAgo * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/**
 * Demo content for a new site, added once (a setting records it, so content the admin deletes
 * later does not come back). It goes in through the services, as if an admin had typed it.
 */
/** The demo pictures' smaller copies are made as visitors first ask for them (decision 210): the site starts at once. */
const LATER = { copiesLater: true };

export async function seedDemoContent(db: Kysely<Database>, services: Services, now = new Date()): Promise<boolean> {
  const hasContent = await Promise.all(
    (['committee_members', 'events', 'articles'] as const).map((table) => db.selectFrom(table).select('id').limit(1).executeTakeFirst()),
  );
  if (hasContent.some(Boolean)) return false;
  // Whoever stores this marker first seeds; a second server starting at once finds it taken.
  const marker = `${now.toISOString()} ${randomUUID()}`;
  if ((await settingOrInit(db, 'demo_content_seeded', () => marker)) !== marker) return false;

  for (const [i, member] of demoCommittee.entries()) {
    const { url } = await services.images.store(await portrait(member.colour), SITE, LATER);
    await services.committee.create(
      { name: member.name, role: member.role, description: member.description, hy: member.hy, image: url, priority: 100 - i * 10 },
      SITE,
    );
  }

  // Drawn pictures for some of the events and news, and the home page's band, so a new site
  // shows how pictures look; each is stored as an admin's upload would be.
  const picture = async (scene: Scene, alt: string) => ({
    image: (await services.images.store(await landscape(scene), SITE, LATER)).url,
    image_alt: alt,
  });
  const pictures: Record<string, { image: string; image_alt: string }> = {
    'Winter Lecture: Advances in Cardiology': await picture(SCENES.night, 'A drawing of two snowy peaks under a night sky'),
    'Careers Day for Students': await picture(SCENES.day, 'A drawing of green hills and two peaks on a bright day'),
    'Summer Picnic in Regent’s Park': await picture(SCENES.dawn, 'A drawing of warm hills at sunrise'),
    'Medical equipment delivered to Armenia': await picture(SCENES.dusk, 'A drawing of Mount Ararat at dusk'),
    'Mentoring scheme for students opens': await picture(SCENES.day, 'A drawing of green hills and two peaks on a bright day'),
  };
  if (!(await services.siteText.get('hero_image_url'))) {
    const { url } = await services.images.store(await landscape(SCENES.dusk, 2000, 900), SITE, LATER);
    await services.siteText.set('hero_image_url', url, SITE);
  }

  // A made-up lecture must never take real money: its prices only with simulated payments.
  const simulatedPayments = services.payments.provider.name === 'test';
  for (const event of demoEvents) {
    const start = daysFromNow(now, event.days, event.time);
    const { hours, ...shown } = 'details' in event ? event.details : { hours: null };
    const details = simulatedPayments ? shown : { ...shown, member_price_pence: 0, price_pence: 0 };
    // Through the admin's own rules (the form's schema), as if typed in.
    const fields = eventFields.parse({
      title: event.title,
      description: event.description,
      hy: event.hy,
      dated: toLondonLocal(start),
      end_dated: hours ? toLondonLocal(new Date(start.getTime() + hours * 60 * 60 * 1000)) : null,
      ...details,
      ...pictures[event.title],
    });
    await services.events.createFromFields(fields, SITE);
  }

  for (const article of demoNewsArticles) {
    await services.articles.create({ ...article, dated: startOfUtcDay(now, article.daysAgo), ...pictures[article.title] }, SITE);
  }
  // About and Privacy are pages, not news: out of the news list and feed, shown without a date.
  const aboutId = await services.articles.create(
    { ...demoAboutArticle, dated: startOfUtcDay(now, demoAboutArticle.daysAgo), is_page: true },
    SITE,
  );
  const privacyId = await services.articles.create(
    { ...demoPrivacyArticle, dated: startOfUtcDay(now, demoPrivacyArticle.daysAgo), is_page: true },
    SITE,
  );
  // The home page's Learn More and the footer's privacy link point at these, unless already set.
  if (!(await services.siteText.get('about_article_id'))) await services.siteText.set('about_article_id', aboutId, SITE);
  if (!(await services.siteText.get('privacy_article_id'))) await services.siteText.set('privacy_article_id', privacyId, SITE);
  return true;
}
