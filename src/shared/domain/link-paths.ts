/**
 * Addresses the public pages link to (the news feed, the calendar files). The contract declares
 * these endpoints with the same constants; the pages read them from here, so linking to a feed
 * does not load the contract's schemas (and zod) with the page (decision 062).
 */
export const NEWS_RSS_PATH = '/news/rss.xml';
export const EVENTS_CALENDAR_PATH = '/api/events.ics';
export const EVENT_CALENDAR_PATH = '/api/events/:id.ics';

/** The path with its `:names` filled in, each encoded: `fillPath('/api/events/:id.ics', { id })`. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
