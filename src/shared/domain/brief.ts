export const BRIEF_MAX_LENGTH = 200;

/**
 * An article's summary: the plain text with whitespace collapsed, cut at a word boundary to at
 * most BRIEF_MAX_LENGTH characters, the ellipsis included.
 */
export function makeBrief(plainText: string, max = BRIEF_MAX_LENGTH): string {
  const text = plainText.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s.,;:!?-]+$/, '')}…`;
}
