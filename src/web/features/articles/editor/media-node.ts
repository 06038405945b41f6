import { Node } from '@tiptap/core';
import { NODE } from '../../../../shared/domain/richtext/editor-json';
import { isSafeMediaUrl } from '../../../../shared/domain/richtext/safe-url';

export type MediaAttrs = {
  url: string;
  width: number | null;
  height: number | null;
  alignment: 'left' | 'center' | 'right' | null;
  type: 'image' | 'video' | null;
};

const wholeNumber = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);
const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/**
 * The media of an atomic block (docs/product.md "Media block data"): an image or a video with its size and
 * alignment. An atom: the editor shows a preview and edits it through the media popover.
 */
export const MediaNode = Node.create({
  name: NODE.media,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return {
      url: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-url') ?? '',
        renderHTML: (attrs) => ({ 'data-url': attrs.url as string }),
      },
      width: {
        default: null,
        parseHTML: (el) => wholeNumber(el.getAttribute('data-width')),
        renderHTML: (attrs) => (attrs.width ? { 'data-width': String(attrs.width) } : {}),
      },
      height: {
        default: null,
        parseHTML: (el) => wholeNumber(el.getAttribute('data-height')),
        renderHTML: (attrs) => (attrs.height ? { 'data-height': String(attrs.height) } : {}),
      },
      alignment: {
        default: null,
        parseHTML: (el) => el.getAttribute('data-alignment'),
        renderHTML: (attrs) => (attrs.alignment ? { 'data-alignment': attrs.alignment as string } : {}),
      },
      type: {
        default: null,
        parseHTML: (el) => el.getAttribute('data-type'),
        renderHTML: (attrs) => (attrs.type ? { 'data-type': attrs.type as string } : {}),
      },
    };
  },

  parseHTML() {
    return [
      { tag: 'figure[data-media]', getAttrs: (el) => (isSafeMediaUrl(el.getAttribute('data-url') ?? '') ? null : false) },
      // Images pasted from other pages come in only with a safe address.
      {
        tag: 'img[src]',
        getAttrs: (el) => {
          const url = el.getAttribute('src') ?? '';
          if (!isSafeMediaUrl(url)) return false;
          return { url, type: 'image', width: wholeNumber(el.getAttribute('width')), height: wholeNumber(el.getAttribute('height')) };
        },
      },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const attrs = node.attrs as MediaAttrs;
    const style = `display:flex;justify-content:${JUSTIFY[attrs.alignment ?? 'left']};margin:5px 0 1px;`;
    const safe = isSafeMediaUrl(attrs.url);
    const preview =
      attrs.type === 'video' || !safe
        ? ['span', { class: 'media-video' }, `▶ ${attrs.url}`]
        : ['img', { src: attrs.url, alt: '', width: attrs.width ?? undefined, height: attrs.height ?? undefined, draggable: 'false' }];
    return ['figure', { ...HTMLAttributes, 'data-media': '', class: 'article-media', style }, preview];
  },
});
