import { z } from 'zod';
import { NEWS_RSS_PATH } from '../domain/link-paths';
import { defineEndpoints, file } from './contract';

/** What search engines and feed readers fetch; outside /api, but declared like every route. */
export const feedsApi = defineEndpoints('feeds', {
  rss: {
    method: 'GET',
    path: NEWS_RSS_PATH,
    summary: 'The latest 20 articles as RSS 2.0',
    response: file('application/rss+xml'),
  },
  rssArmenian: {
    method: 'GET',
    path: `/hy${NEWS_RSS_PATH}`,
    summary: 'The latest 20 articles as RSS 2.0 for Armenian readers: each in Armenian where translated, linking to the Armenian pages',
    response: file('application/rss+xml'),
  },
  sitemap: {
    method: 'GET',
    path: '/sitemap.xml',
    summary: 'The public pages and every article, for search engines; beyond 50,000 addresses, an index of the parts',
    response: file('application/xml'),
  },
  sitemapPart: {
    method: 'GET',
    path: '/sitemap-:part.xml',
    summary: 'One part of a sitemap split because it lists more than 50,000 addresses (the first part is 1)',
    params: z.object({ part: z.string() }),
    response: file('application/xml'),
    errors: { 404: 'No such part' },
  },
  robots: {
    method: 'GET',
    path: '/robots.txt',
    summary: 'What crawlers may visit, and where the sitemap is',
    response: file('text/plain'),
  },
});
