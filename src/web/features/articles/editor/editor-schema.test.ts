import { getSchema } from '@tiptap/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromEditor } from '../../../../shared/domain/richtext/from-editor';
import { canonicalDocument } from '../../../../shared/domain/richtext/test-documents';
import { toEditor } from '../../../../shared/domain/richtext/to-editor';
import { articleExtensions } from './extensions';

/** The conversion's output is a valid document of the real editor, and survives its parser. */
describe("the editor's schema", () => {
  const schema = getSchema(articleExtensions('Article content...'));

  it('accepts every converted document and gives it back unchanged', () => {
    fc.assert(
      fc.property(canonicalDocument, (document) => {
        const node = schema.nodeFromJSON(toEditor(document));
        node.check();
        expect(fromEditor(node.toJSON())).toEqual(document);
      }),
      { numRuns: 300 },
    );
  });
});
