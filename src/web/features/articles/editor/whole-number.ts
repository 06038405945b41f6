/**
 * docs/product.md "Media popover": width and height take whole numbers only. Empty clears the field (null);
 * anything that is not a whole number is ignored (the previous value stays).
 */
export function parseWholeNumber(input: string, previous: number | null): number | null {
  const text = input.trim();
  if (text === '') return null;
  if (!/^\d{1,6}$/.test(text)) return previous;
  const value = Number(text);
  return value > 0 ? value : previous;
}
