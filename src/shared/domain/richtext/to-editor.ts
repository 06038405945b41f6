import { INLINE_STYLES, LINK, MEDIA, codePoints, isListType, mediaUrl, type MediaData, type RawBlock, type RawDocument } from './document';
import { BLOCK_KEY_ATTR, HEADING_LEVEL, LINK_MARK, NODE, STYLE_MARKS, type EditorMark, type EditorNode } from './editor-json';

/** The editor's media node attributes; null where the document leaves a field out. */
export function mediaAttrs(data: MediaData): Record<string, unknown> {
  return {
    url: mediaUrl(data),
    width: data.width ?? null,
    height: data.height ?? null,
    alignment: data.alignment ?? null,
    type: data.type ?? null,
  };
}

/** Text, hard breaks ("\n") and marks of one block, from its style and entity ranges. */
function inlineContent(block: RawBlock, document: RawDocument): EditorNode[] {
  const chars = codePoints(block.text);
  const styles = chars.map(() => 0);
  const links: (string | null)[] = chars.map(() => null);
  for (const range of block.inlineStyleRanges) {
    const bit = 1 << INLINE_STYLES.indexOf(range.style);
    for (let i = range.offset; i < range.offset + range.length; i++) styles[i]! |= bit;
  }
  for (const range of block.entityRanges) {
    const entity = document.entityMap[String(range.key)];
    if (entity?.type !== LINK) continue;
    for (let i = range.offset; i < range.offset + range.length; i++) links[i] = entity.data.url;
  }

  const nodes: EditorNode[] = [];
  let i = 0;
  while (i < chars.length) {
    const marks: EditorMark[] = INLINE_STYLES.filter((_, bit) => styles[i]! & (1 << bit)).map((style) => ({ type: STYLE_MARKS[style] }));
    if (links[i] !== null) marks.push({ type: LINK_MARK, attrs: { href: links[i] } });
    const withMarks = (node: EditorNode): EditorNode => (marks.length ? { ...node, marks } : node);
    if (chars[i] === '\n') {
      nodes.push(withMarks({ type: NODE.hardBreak }));
      i++;
      continue;
    }
    let end = i + 1;
    while (end < chars.length && chars[end] !== '\n' && styles[end] === styles[i] && links[end] === links[i]) end++;
    nodes.push(withMarks({ type: NODE.text, text: chars.slice(i, end).join('') }));
    i = end;
  }
  return nodes;
}

function textblock(type: string, block: RawBlock, content: EditorNode[], attrs: Record<string, unknown> = {}): EditorNode {
  const node: EditorNode = { type, attrs: { ...attrs, [BLOCK_KEY_ATTR]: block.key } };
  if (content.length) node.content = content;
  return node;
}

function blockNode(block: RawBlock, document: RawDocument): EditorNode | null {
  switch (block.type) {
    case 'header-two':
      return textblock(NODE.heading, block, inlineContent(block, document), { level: HEADING_LEVEL });
    case 'blockquote':
      return { type: NODE.blockquote, content: [textblock(NODE.paragraph, block, inlineContent(block, document))] };
    case 'code-block':
      // Code is plain text in the editor: no marks inside.
      return textblock(NODE.codeBlock, block, block.text ? [{ type: NODE.text, text: block.text }] : [], { language: null });
    case 'atomic': {
      const range = block.entityRanges[0];
      const entity = range ? document.entityMap[String(range.key)] : undefined;
      if (entity?.type !== MEDIA) return null;
      return { type: NODE.media, attrs: { ...mediaAttrs(entity.data), [BLOCK_KEY_ATTR]: block.key } };
    }
    default:
      return textblock(NODE.paragraph, block, inlineContent(block, document));
  }
}

type OpenList = { type: string; list: EditorNode; lastItem: EditorNode | null };

/**
 * The editor document of a stored one. Draft keeps list items flat with a depth; the editor nests
 * them, so a run of list blocks becomes nested lists (a depth more than one below the item before
 * it is raised to fit).
 */
export function toEditor(document: RawDocument): EditorNode {
  const content: EditorNode[] = [];
  let open: OpenList[] = [];
  for (const block of document.blocks) {
    if (!isListType(block.type)) {
      open = [];
      const node = blockNode(block, document);
      if (node) content.push(node);
      continue;
    }
    const listType = block.type === 'ordered-list-item' ? NODE.orderedList : NODE.bulletList;
    const depth = Math.min(block.depth, open.length);
    open = open.slice(0, depth + 1);
    if (open.length === depth + 1 && open[depth]!.type !== listType) open = open.slice(0, depth);
    if (open.length === depth) {
      const list: EditorNode = { type: listType, content: [] };
      const parent = depth === 0 ? content : (open[depth - 1]!.lastItem!.content ??= []);
      parent.push(list);
      open.push({ type: listType, list, lastItem: null });
    }
    const item: EditorNode = { type: NODE.listItem, content: [textblock(NODE.paragraph, block, inlineContent(block, document))] };
    open[depth]!.list.content!.push(item);
    open[depth]!.lastItem = item;
  }
  // The editor needs at least one block.
  if (content.length === 0) content.push({ type: NODE.paragraph });
  return { type: NODE.doc, content };
}
