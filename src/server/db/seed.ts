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
export async function seedDemoContent(db: Kysely<Database>, services: Services, now = new Date()): Promise<boolean> {
  const hasContent = await Promise.all(
    (['committee_members', 'events', 'articles'] as const).map((table) => db.selectFrom(table).select('id').limit(1).executeTakeFirst()),
  );
  if (hasContent.some(Boolean)) return false;
  // Whoever stores this marker first seeds; a second server starting at once finds it taken.
  const marker = `${now.toISOString()} ${randomUUID()}`;
  if ((await settingOrInit(db, 'demo_content_seeded', () => marker)) !== marker) return false;

  for (const [i, member] of demoCommittee.entries()) {
    const { url } = await services.images.store(await portrait(member.colour), SITE);
    await services.committee.create(
      { name: member.name, role: member.role, description: member.description, image: url, priority: 100 - i * 10 },
      SITE,
    );
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
      dated: toLondonLocal(start),
      end_dated: hours ? toLondonLocal(new Date(start.getTime() + hours * 60 * 60 * 1000)) : null,
      ...details,
    });
    await services.events.createFromFields(fields, SITE);
  }

  for (const article of demoNewsArticles) {
    await services.articles.create({ ...article, dated: startOfUtcDay(now, article.daysAgo) }, SITE);
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
