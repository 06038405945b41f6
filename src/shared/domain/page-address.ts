/**
 * The query parameters each server-rendered page reads (the news list its category). Any other
 * parameter changes nothing on the page: the server drops it before rendering and from the key
 * of the page it keeps, so made-up query strings are one page, rendered once (decision 091).
 * A page that starts reading a parameter adds it here.
 */
export const PAGE_QUERY_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  '/news': ['category'],
};

/** The address as the page reads it: its path, and only the parameters it reads, in a fixed order. */
export function pageAddress(url: string): string {
  const [path = '/', query = ''] = url.split('?', 2);
  const wanted = PAGE_QUERY_PARAMETERS[path];
  if (!wanted || !query) return path;
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of wanted) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `${path}?${text}` : path;
}
