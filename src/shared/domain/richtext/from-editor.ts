import {
  INLINE_STYLES,
  LINK,
  MAX_LIST_DEPTH,
  MEDIA,
  type Alignment,
  type BlockType,
  type EntityRange,
  type MediaData,
  type MediaType,
  type RawBlock,
  type RawDocument,
  type RawEntity,
  type StyleRange,
} from './document';
import { BLOCK_KEY_ATTR, LINK_MARK, NODE, STYLE_MARKS, type EditorNode } from './editor-json';
import { isSafeLinkUrl, isSafeMediaUrl } from './safe-url';

type Char = { char: string; styles: number; link: string | null };
type Context = { list: { type: BlockType; depth: number } | null; quote: boolean };

const MARK_STYLES = Object.fromEntries(INLINE_STYLES.map((style, bit) => [STYLE_MARKS[style], 1 << bit]));

function chars(nodes: EditorNode[] | undefined): Char[] {
  const out: Char[] = [];
  for (const node of nodes ?? []) {
    let styles = 0;
    let link: string | null = null;
    for (const mark of node.marks ?? []) {
      if (mark.type === LINK_MARK) {
        const href = mark.attrs?.href;
        // A link the stored format would refuse is kept as plain text rather than failing the save.
        if (typeof href === 'string' && isSafeLinkUrl(href)) link = href;
      } else styles |= MARK_STYLES[mark.type] ?? 0;
    }
    if (node.type === NODE.hardBreak) out.push({ char: '\n', styles, link });
    else if (node.type === NODE.text) for (const char of Array.from(node.text ?? '')) out.push({ char, styles, link });
  }
  return out;
}

/** Maximal runs of each style, by style then offset. */
function styleRanges(text: Char[]): StyleRange[] {
  const ranges: StyleRange[] = [];
  INLINE_STYLES.forEach((style, bit) => {
    let start = -1;
    for (let i = 0; i <= text.length; i++) {
      const on = i < text.length && (text[i]!.styles & (1 << bit)) !== 0;
      if (on && start < 0) start = i;
      if (!on && start >= 0) {
        ranges.push({ offset: start, length: i - start, style });
        start = -1;
      }
    }
  });
  return ranges;
}

const isAlignment = (value: unknown): value is Alignment => value === 'left' || value === 'center' || value === 'right';
const isMediaType = (value: unknown): value is MediaType => value === 'image' || value === 'video';
const isSize = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The stored data of an editor media node: only the fields it has. */
export function mediaData(attrs: Record<string, unknown> | undefined): MediaData | null {
  const url = attrs?.url;
  if (typeof url !== 'string' || !isSafeMediaUrl(url)) return null;
  const data: MediaData = { url };
  if (isSize(attrs?.width)) data.width = attrs.width;
  if (isSize(attrs?.height)) data.height = attrs.height;
  if (isAlignment(attrs?.alignment)) data.alignment = attrs.alignment;
  if (isMediaType(attrs?.type)) data.type = attrs.type;
  return data;
}

/**
 * The stored document of an editor document: blocks in reading order, list nesting as depth,
 * one entity per run of a link and per media block, numbered in order of appearance. Block keys
 * come from the editor when it kept them; a missing or repeated key (a split paragraph copies
 * its attributes) gets a fresh one.
 */
export function fromEditor(doc: EditorNode, newKey: () => string = defaultKeys()): RawDocument {
  const blocks: RawBlock[] = [];
  const entityMap: Record<string, RawEntity> = {};
  const keys = new Set<string>();
  let nextEntity = 0;

  const keyOf = (node: EditorNode) => {
    let key = node.attrs?.[BLOCK_KEY_ATTR];
    while (typeof key !== 'string' || key.length === 0 || key.length > 64 || keys.has(key)) key = newKey();
    keys.add(key);
    return key;
  };

  const pushText = (node: EditorNode, type: BlockType, depth: number) => {
    const text = chars(node.content);
    const entityRanges: EntityRange[] = [];
    for (let i = 0; i < text.length;) {
      const link = text[i]!.link;
      let end = i + 1;
      while (end < text.length && text[end]!.link === link) end++;
      if (link !== null) {
        entityMap[String(nextEntity)] = { type: LINK, mutability: 'MUTABLE', data: { url: link } };
        entityRanges.push({ offset: i, length: end - i, key: nextEntity++ });
      }
      i = end;
    }
    blocks.push({
      key: keyOf(node),
      text: text.map((c) => c.char).join(''),
      type,
      depth,
      inlineStyleRanges: styleRanges(text),
      entityRanges,
      data: {},
    });
  };

  const walk = (nodes: EditorNode[] | undefined, context: Context) => {
    for (const node of nodes ?? []) {
      switch (node.type) {
        case NODE.paragraph:
        case NODE.heading:
          if (context.list) pushText(node, context.list.type, context.list.depth);
          else if (context.quote) pushText(node, 'blockquote', 0);
          else pushText(node, node.type === NODE.heading ? 'header-two' : 'unstyled', 0);
          break;
        case NODE.codeBlock: {
          const text = (node.content ?? []).map((child) => (child.type === NODE.text ? (child.text ?? '') : '\n')).join('');
          blocks.push({ key: keyOf(node), text, type: 'code-block', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} });
          break;
        }
        case NODE.blockquote:
          walk(node.content, { ...context, quote: true });
          break;
        case NODE.bulletList:
        case NODE.orderedList: {
          const depth = context.list ? Math.min(context.list.depth + 1, MAX_LIST_DEPTH) : 0;
          const type = node.type === NODE.orderedList ? 'ordered-list-item' : 'unordered-list-item';
          for (const item of node.content ?? []) walk(item.content, { list: { type, depth }, quote: context.quote });
          break;
        }
        case NODE.media: {
          const data = mediaData(node.attrs);
          if (!data) break;
          entityMap[String(nextEntity)] = { type: MEDIA, mutability: 'IMMUTABLE', data };
          blocks.push({
            key: keyOf(node),
            text: ' ',
            type: 'atomic',
            depth: 0,
            inlineStyleRanges: [],
            entityRanges: [{ offset: 0, length: 1, key: nextEntity++ }],
            data: {},
          });
          break;
        }
        default:
          // Anything else (e.g. a rule pasted from elsewhere) carries no stored meaning.
          walk(node.content, context);
      }
    }
  };

  walk(doc.content, { list: null, quote: false });
  return { blocks, entityMap };
}

/** Draft-style five-character keys. */
function defaultKeys(): () => string {
  return () => Math.random().toString(36).slice(2, 7).padEnd(5, '0');
}
