import type { FastifyRequest } from 'fastify';

/**
 * A browser's page request (not the API, not a file), or a form a page posted to itself before its
 * script took over (decision 085): it gets a page back, not JSON.
 */
export function wantsPage(req: FastifyRequest): boolean {
  const path = req.url.split('?')[0]!;
  const pageForm =
    req.method === 'POST' &&
    String(req.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('application/x-www-form-urlencoded');
  if (req.method !== 'GET' && req.method !== 'HEAD' && !pageForm) return false;
  if (path === '/api' || path.startsWith('/api/') || path === '/metrics') return false;
  return !/\.[a-z0-9]+$/i.test(path);
}

/**
 * What a visitor sees while the database is unavailable (503, with Retry-After). Self-contained:
 * no script, no site text (it lives in the database), nothing the page's CSP would refuse.
 */
export function unavailablePage(): string {
  return [
    '<!doctype html>',
    '<html lang="en-GB">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<title>Back in a moment</title>',
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}h1{font-size:1.5rem}</style>',
    '</head>',
    '<body>',
    '<main>',
    '<h1>Back in a moment</h1>',
    '<p>The site cannot reach its database just now, usually for a few seconds while it restarts. Please reload the page shortly.</p>',
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
