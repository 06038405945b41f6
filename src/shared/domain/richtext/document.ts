/**
 * The stored rich-text document (SPEC section 3): Draft.js "raw" content, serialised as JSON in
 * an article's `content`. Validation and conversion to and from the editor come with the editor.
 */
export type InlineStyle = 'BOLD' | 'ITALIC' | 'UNDERLINE' | 'STRIKETHROUGH' | 'CODE' | 'HIGHLIGHT';
export type BlockType =
  | 'unstyled'
  | 'header-two'
  | 'blockquote'
  | 'unordered-list-item'
  | 'ordered-list-item'
  | 'code-block'
  | 'atomic';

export type RawBlock = {
  key: string;
  text: string;
  type: BlockType;
  depth: number;
  inlineStyleRanges: { offset: number; length: number; style: InlineStyle }[];
  entityRanges: { offset: number; length: number; key: number }[];
  data: Record<string, unknown>;
};

export type RawEntity = {
  type: string;
  mutability: 'MUTABLE' | 'IMMUTABLE' | 'SEGMENTED';
  data: Record<string, unknown>;
};

export type RawDocument = { blocks: RawBlock[]; entityMap: Record<string, RawEntity> };

/** The text of every block, one block a line. */
export function plainText(document: RawDocument): string {
  return document.blocks.map((block) => block.text).join('\n');
}
