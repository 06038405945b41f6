/**
 * The stored rich-text document (docs/product.md section 3): Draft.js "raw" content, serialised as JSON in
 * an article's `content`, so content written by the old editor imports as it is.
 *
 * Offsets and lengths of ranges count Unicode code points, as Draft's raw format does (an emoji
 * is one character), not UTF-16 units.
 */
export const INLINE_STYLES = ['BOLD', 'ITALIC', 'UNDERLINE', 'STRIKETHROUGH', 'CODE', 'HIGHLIGHT'] as const;
export type InlineStyle = (typeof INLINE_STYLES)[number];

export const BLOCK_TYPES = [
  'unstyled',
  'header-two',
  'blockquote',
  'unordered-list-item',
  'ordered-list-item',
  'code-block',
  'atomic',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const LIST_TYPES: readonly BlockType[] = ['unordered-list-item', 'ordered-list-item'];
export const isListType = (type: BlockType) => LIST_TYPES.includes(type);

/** List nesting: depth 0 is a top-level item, 4 the deepest allowed. */
export const MAX_LIST_DEPTH = 4;
/** Characters of text in one document (typing, pasting and the API all hold to it). */
export const MAX_TEXT_LENGTH = 100_000;
/** Bytes of the serialised document. */
export const MAX_JSON_BYTES = 1024 * 1024;

export type StyleRange = { offset: number; length: number; style: InlineStyle };
export type EntityRange = { offset: number; length: number; key: number };

export type RawBlock = {
  key: string;
  text: string;
  type: BlockType;
  depth: number;
  inlineStyleRanges: StyleRange[];
  entityRanges: EntityRange[];
  data: Record<string, unknown>;
};

/** The two entity types: a link on text, and the media of an atomic block. */
export const LINK = 'LINK';
export const MEDIA = 'IMAGE';

export type Alignment = 'left' | 'center' | 'right';
export type MediaType = 'image' | 'video';

/** docs/product.md "Link": url (optional className, href, rel, target, title). */
export type LinkData = { url: string; className?: string; href?: string; rel?: string; target?: string; title?: string };
/** docs/product.md "Media block data"; `src` and `alt` come from documents of the IMAGE-entity shape. */
export type MediaData = {
  url?: string;
  src?: string;
  alt?: string;
  className?: string;
  width?: number;
  height?: number;
  alignment?: Alignment;
  type?: MediaType;
};

export type RawEntity =
  | { type: typeof LINK; mutability: 'MUTABLE' | 'IMMUTABLE' | 'SEGMENTED'; data: LinkData }
  | { type: typeof MEDIA; mutability: 'MUTABLE' | 'IMMUTABLE' | 'SEGMENTED'; data: MediaData };

export type RawDocument = { blocks: RawBlock[]; entityMap: Record<string, RawEntity> };

/** docs/product.md: an uploaded or dropped image goes in at 300 by 200, aligned left. */
export const UPLOAD_MEDIA_DEFAULTS = { width: 300, height: 200, alignment: 'left', type: 'image' } as const;

/** The text of every block, one block a line. */
export function plainText(document: RawDocument): string {
  return document.blocks.map((block) => block.text).join('\n');
}

/** The address of a media entity: `url`, or `src` in documents of the IMAGE-entity shape. */
export function mediaUrl(data: MediaData): string {
  return data.url ?? data.src ?? '';
}

/** Splits text into code points, the unit of Draft's offsets. */
export function codePoints(text: string): string[] {
  return Array.from(text);
}
