import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { codePoints, MAX_LIST_DEPTH } from '../../../../shared/domain/richtext/document';
import { BLOCK_KEY_ATTR, NODE } from '../../../../shared/domain/richtext/editor-json';

const LISTS: string[] = [NODE.bulletList, NODE.orderedList];

/** How deep lists nest in the document: 1 for a plain list, 2 for a list inside it, and so on. */
export function listNesting(doc: PmNode): number {
  let deepest = 0;
  const walk = (node: PmNode, level: number) => {
    node.forEach((child) => {
      if (child.isTextblock || child.isAtom) return;
      const next = LISTS.includes(child.type.name) ? level + 1 : level;
      deepest = Math.max(deepest, next);
      walk(child, next);
    });
  };
  walk(doc, 0);
  return deepest;
}

/**
 * docs/product.md: list depth stays between 0 and 4. Any change (Tab, paste, drop) that would nest lists
 * deeper is refused, unless the document was already deeper and the change does not add to it.
 */
export const ListDepthLimit = Extension.create({
  name: 'listDepthLimit',
  addProseMirrorPlugins() {
    const max = MAX_LIST_DEPTH + 1;
    return [
      new Plugin({
        key: new PluginKey('listDepthLimit'),
        filterTransaction: (tr, state) => {
          if (!tr.docChanged) return true;
          const after = listNesting(tr.doc);
          return after <= max || after <= listNesting(state.doc);
        },
      }),
    ];
  },
});

/**
 * Carries each stored block's key through the editor. A split block does not copy it (the new
 * half gets a fresh key when saved), so keys stay unique.
 */
export const BlockKeys = Extension.create({
  name: 'blockKeys',
  addGlobalAttributes() {
    return [
      {
        types: [NODE.paragraph, NODE.heading, NODE.codeBlock, NODE.media],
        attributes: {
          [BLOCK_KEY_ATTR]: { default: null, keepOnSplit: false, parseHTML: () => null, renderHTML: () => ({}) },
        },
      },
    ];
  },
});

/**
 * The document's length as the stored format counts it (validate.ts): every block's characters,
 * a media block as one, and one between blocks, so a new paragraph counts as a character.
 */
export function editorTextLength(doc: PmNode): number {
  return codePoints(doc.textBetween(0, doc.content.size, '\n', ' ')).length;
}

/**
 * docs/product.md: the maximum length holds for typing, pasting and Enter. A change that would take the text
 * past it is refused (a paste is cut to fit, its overflow dropped before the cursor), unless the
 * text was already longer and the change does not add to it. The same count as the server's.
 */
export const TextLimit = Extension.create<{ limit: number }>({
  name: 'textLimit',
  addOptions: () => ({ limit: 0 }),
  addProseMirrorPlugins() {
    const { limit } = this.options;
    return [
      new Plugin({
        key: new PluginKey('textLimit'),
        filterTransaction: (tr, state) => {
          if (!tr.docChanged) return true;
          const before = editorTextLength(state.doc);
          let after = editorTextLength(tr.doc);
          if (after <= limit || after <= before) return true;
          if (tr.getMeta('paste')) {
            const over = after - Math.max(limit, before);
            const head = tr.selection.$head.pos;
            tr.deleteRange(Math.max(0, head - over), head);
            after = editorTextLength(tr.doc);
            return after <= limit || after <= before;
          }
          return false;
        },
      }),
    ];
  },
});
