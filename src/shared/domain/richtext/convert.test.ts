import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RawDocument } from './document';
import { fromEditor } from './from-editor';
import { canonicalDocument } from './test-documents';
import { toEditor } from './to-editor';
import { validateDocument } from './validate';

const block = (key: string, type: RawDocument['blocks'][number]['type'], text: string, depth = 0) => ({
  key,
  type,
  text,
  depth,
  inlineStyleRanges: [],
  entityRanges: [],
  data: {},
});

describe('document <-> editor conversion', () => {
  it('gives back the same document after a trip through the editor (every feature)', () => {
    fc.assert(
      fc.property(canonicalDocument, (document) => {
        expect(validateDocument(document)).toEqual({ ok: true, document });
        expect(fromEditor(toEditor(document))).toEqual(document);
      }),
      { numRuns: 400 },
    );
  });

  it('is stable after one trip for any valid document, and gives valid documents', () => {
    fc.assert(
      fc.property(canonicalDocument, (document) => {
        const once = fromEditor(toEditor(document));
        expect(fromEditor(toEditor(once))).toEqual(once);
        expect(validateDocument(once).ok).toBe(true);
      }),
    );
  });

  it('nests flat list items by depth', () => {
    const doc = toEditor({
      blocks: [
        block('a', 'unordered-list-item', 'one'),
        block('b', 'ordered-list-item', 'two', 1),
        block('c', 'unordered-list-item', 'three'),
      ],
      entityMap: {},
    });
    expect(doc.content).toHaveLength(1);
    const list = doc.content![0]!;
    expect(list.type).toBe('bulletList');
    expect(list.content).toHaveLength(2);
    expect(list.content![0]!.content![1]!.type).toBe('orderedList');
  });

  it('raises a depth that skips a level, and drops an atomic block without media', () => {
    const out = fromEditor(
      toEditor({
        blocks: [block('a', 'unordered-list-item', 'one'), block('b', 'unordered-list-item', 'deep', 3), block('c', 'atomic', ' ')],
        entityMap: {},
      }),
    );
    expect(out.blocks.map((b) => [b.key, b.depth])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('keeps link text but not an unsafe link coming from the editor', () => {
    const out = fromEditor({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }],
        },
      ],
    });
    expect(out.blocks[0]!.text).toBe('click');
    expect(out.blocks[0]!.entityRanges).toEqual([]);
    expect(out.entityMap).toEqual({});
  });

  it('gives new keys to blocks the editor split (which copies the key)', () => {
    const out = fromEditor({
      type: 'doc',
      content: [
        { type: 'paragraph', attrs: { blockKey: 'same' } },
        { type: 'paragraph', attrs: { blockKey: 'same' } },
      ],
    });
    expect(out.blocks[0]!.key).toBe('same');
    expect(out.blocks[1]!.key).not.toBe('same');
  });

  it('counts offsets in code points, as Draft does', () => {
    const doc: RawDocument = {
      blocks: [{ ...block('a', 'unstyled', '😀 hi'), inlineStyleRanges: [{ offset: 2, length: 2, style: 'BOLD' }] }],
      entityMap: {},
    };
    expect(toEditor(doc).content![0]!.content).toEqual([
      { type: 'text', text: '😀 ' },
      { type: 'text', text: 'hi', marks: [{ type: 'bold' }] },
    ]);
  });
});
