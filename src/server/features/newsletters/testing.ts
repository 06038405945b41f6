import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../testing/test-app';

/** A person as the site would hold them: a member (with a tier and renewal date) or not, and their choice about news. */
export async function addPerson(
  t: TestApp,
  email: string,
  options: { tier?: number | null; renewed?: string | null; news?: boolean; newsSource?: string; at?: string } = {},
): Promise<string | null> {
  let userId: string | null = null;
  if (options.tier !== undefined && options.tier !== null) {
    userId = randomUUID();
    await t.db.db
      .insertInto('users')
      .values({
        id: userId,
        email,
        email_key: email.toLowerCase(),
        password_hash: 'x',
        role: 'member',
        first_name: 'Ani',
        last_name: email.split('@')[0]!,
        qualifications: null,
        workplace: null,
        job_title: null,
        grad_year: null,
        addr_line1: null,
        addr_line2: null,
        addr_city: null,
        addr_post: null,
        phone_no: null,
        tier_index: options.tier,
        registered_date: options.renewed ?? '2026-06-01',
        last_renewed_date: options.renewed ?? '2026-06-01',
        created_at: t.clock.now.toISOString(),
      })
      .execute();
  }
  if (options.news !== undefined) {
    await t.db.db
      .insertInto('consents')
      .values({
        id: randomUUID(),
        user_id: userId,
        email_key: email.toLowerCase(),
        news_email: options.news ? 1 : 0,
        source: options.newsSource ?? (userId ? 'register' : 'donate'),
        wording_version: 'test',
        at: options.at ?? t.clock.now.toISOString(),
        topic: null,
      })
      .execute();
  }
  return userId;
}

/** A newsletter's content: a heading, a paragraph with a link, Armenian text and an uploaded image. */
export function newsletterDocument(text = 'Our annual conference is open for booking.') {
  return JSON.stringify({
    blocks: [
      { key: 'h', text: 'This month', type: 'header-two', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
      {
        key: 'p',
        text,
        type: 'unstyled',
        depth: 0,
        inlineStyleRanges: [{ offset: 0, length: 3, style: 'BOLD' }],
        entityRanges: [{ offset: 4, length: 6, key: 0 }],
        data: {},
      },
      { key: 'a', text: 'Բարեւ ձեզ, հարգելի անդամներ', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
      { key: 'l', text: 'First point', type: 'unordered-list-item', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} },
      { key: 'i', text: ' ', type: 'atomic', depth: 0, inlineStyleRanges: [], entityRanges: [{ offset: 0, length: 1, key: 1 }], data: {} },
    ],
    entityMap: {
      '0': { type: 'LINK', mutability: 'MUTABLE', data: { url: '/events' } },
      '1': {
        type: 'IMAGE',
        mutability: 'IMMUTABLE',
        data: { url: '/api/images/0b0b0b0b-0000-4000-8000-000000000001.png', width: 900, height: 300, alt: 'The hall' },
      },
    },
  });
}
