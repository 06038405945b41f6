/** docs/product.md: every page title starts with the association's short name. */
export function formatPageTitle(shortName: string, pageTitle?: string | null): string {
  const page = pageTitle?.trim();
  const short = shortName.trim();
  if (!page) return short;
  if (!short) return page;
  return `${short} | ${page}`;
}
