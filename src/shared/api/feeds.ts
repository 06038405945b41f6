import { defineEndpoints, file } from './contract';

/** What search engines and feed readers fetch; outside /api, but declared like every route. */
export const feedsApi = defineEndpoints('feeds', {
  rss: {
    method: 'GET',
    path: '/news/rss.xml',
    summary: 'The latest 20 articles as RSS 2.0',
    response: file('application/rss+xml'),
  },
  sitemap: {
    method: 'GET',
    path: '/sitemap.xml',
    summary: 'The public pages and every article, for search engines',
    response: file('application/xml'),
  },
  robots: {
    method: 'GET',
    path: '/robots.txt',
    summary: 'What crawlers may visit, and where the sitemap is',
    response: file('text/plain'),
  },
});
