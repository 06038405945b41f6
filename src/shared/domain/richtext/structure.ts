import { INLINE_STYLES, LINK, codePoints, type RawBlock, type RawDocument } from './document';
import { isSafeLinkUrl } from './safe-url';

/** A run of a block's text with one set of inline styles (bits by `INLINE_STYLES`) and one link. */
export type Segment = { text: string; styles: number; link: string | null };

/**
 * The block's text cut where its styles or link change (offsets count code points). Read by the
 * article page and the newsletter mail alike; rendering checks again what the server checked, so
 * an unsafe address never reaches an href.
 */
export function segments(block: RawBlock, document: RawDocument): Segment[] {
  const chars = codePoints(block.text);
  const styles = chars.map(() => 0);
  const links: (string | null)[] = chars.map(() => null);
  for (const range of block.inlineStyleRanges) {
    const bit = 1 << INLINE_STYLES.indexOf(range.style);
    for (let i = range.offset; i < range.offset + range.length && i < chars.length; i++) styles[i]! |= bit;
  }
  for (const range of block.entityRanges) {
    const entity = document.entityMap[String(range.key)];
    if (entity?.type !== LINK || !isSafeLinkUrl(entity.data.url)) continue;
    for (let i = range.offset; i < range.offset + range.length && i < chars.length; i++) links[i] = entity.data.url;
  }
  const out: Segment[] = [];
  for (let i = 0; i < chars.length; i++) {
    const last = out.at(-1);
    if (last && last.styles === styles[i] && last.link === links[i]) last.text += chars[i];
    else out.push({ text: chars[i]!, styles: styles[i]!, link: links[i]! });
  }
  return out;
}

export type ListNode = { ordered: boolean; items: { block: RawBlock; children: ListNode[] }[] };

/** Flat list blocks with depths, as nested lists (a depth that skips a level is raised). */
export function nestLists(blocks: RawBlock[]): ListNode[] {
  const roots: ListNode[] = [];
  let open: ListNode[] = [];
  for (const block of blocks) {
    const ordered = block.type === 'ordered-list-item';
    const depth = Math.min(block.depth, open.length);
    open = open.slice(0, depth + 1);
    if (open.length === depth + 1 && open[depth]!.ordered !== ordered) open = open.slice(0, depth);
    if (open.length === depth) {
      const list: ListNode = { ordered, items: [] };
      if (depth === 0) roots.push(list);
      else open[depth - 1]!.items.at(-1)!.children.push(list);
      open.push(list);
    }
    open[depth]!.items.push({ block, children: [] });
  }
  return roots;
}
