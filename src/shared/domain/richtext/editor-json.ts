/**
 * The editor's document (tiptap / ProseMirror JSON) as far as the conversion needs it. Node and
 * mark names are the ones of the editor's extensions (StarterKit, Highlight and the media node).
 */
export type EditorMark = { type: string; attrs?: Record<string, unknown> };
export type EditorNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
  marks?: EditorMark[];
  text?: string;
};

export const NODE = {
  doc: 'doc',
  paragraph: 'paragraph',
  heading: 'heading',
  blockquote: 'blockquote',
  codeBlock: 'codeBlock',
  bulletList: 'bulletList',
  orderedList: 'orderedList',
  listItem: 'listItem',
  text: 'text',
  hardBreak: 'hardBreak',
  media: 'media',
} as const;

/** The one heading level of the stored format ("header-two"). */
export const HEADING_LEVEL = 2;

/** Inline style to editor mark, in the order ranges are written. */
export const STYLE_MARKS = {
  BOLD: 'bold',
  ITALIC: 'italic',
  UNDERLINE: 'underline',
  STRIKETHROUGH: 'strike',
  CODE: 'code',
  HIGHLIGHT: 'highlight',
} as const;
export const LINK_MARK = 'link';

/** The attribute that carries a Draft block's key through the editor, so keys survive editing. */
export const BLOCK_KEY_ATTR = 'blockKey';
