import { withoutLanguage } from './language';

/**
 * The query parameters each server-rendered page reads (the news list its category). Any other
 * parameter changes nothing on the page: the server drops it before rendering and from the key
 * of the page it keeps, so made-up query strings are one page, rendered once (decision 091).
 * A page that starts reading a parameter adds it here.
 */
export const PAGE_QUERY_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  '/news': ['category'],
};

/**
 * Pages with an id in their path, the parameter each reads, and the only values it takes: an
 * event's page names the outcome of a booking its form made before its script ran (decision 082).
 */
const PAGE_QUERY_VALUES: readonly { path: RegExp; name: string; values: readonly string[] }[] = [
  { path: /^\/events\/[^/]+$/, name: 'booking', values: ['confirmed', 'waitlisted', 'check_email'] },
];

/**
 * The address as the page reads it: its path (with its language prefix: decision 150), and only
 * the parameters it reads, in a fixed order.
 */
export function pageAddress(url: string): string {
  const [path = '/', query = ''] = url.split('?', 2);
  const page = withoutLanguage(path);
  const wanted = PAGE_QUERY_PARAMETERS[page];
  const valued = PAGE_QUERY_VALUES.filter((parameter) => parameter.path.test(page));
  if ((!wanted && valued.length === 0) || !query) return path;
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of wanted ?? []) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  for (const { name, values } of valued) {
    const value = given.get(name);
    if (value !== null && values.includes(value)) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `${path}?${text}` : path;
}
