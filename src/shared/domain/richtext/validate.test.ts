import { describe, expect, it } from 'vitest';
import type { RawDocument } from './document';
import { validateDocument, validateDocumentJson } from './validate';

const linkDoc = (url: string): RawDocument => ({
  blocks: [
    {
      key: 'a',
      text: 'click me',
      type: 'unstyled',
      depth: 0,
      inlineStyleRanges: [],
      entityRanges: [{ offset: 0, length: 5, key: 0 }],
      data: {},
    },
  ],
  entityMap: { 0: { type: 'LINK', mutability: 'MUTABLE', data: { url } } },
});

const errorOf = (value: unknown) => {
  const result = validateDocument(value);
  return result.ok ? null : result.error;
};

describe('validateDocument', () => {
  it('names the words a refused link is on, and its address, so the writer can find it', () => {
    expect(errorOf(linkDoc('http://a b.org/'))).toBe(
      'The link on "click" goes to "http://a b.org/", which is not a web address (http or https), mailto or tel: correct it or remove the link',
    );
    // An entity no text uses is named by its number.
    const unused = { ...linkDoc('javascript:alert(1)'), blocks: [{ ...linkDoc('x').blocks[0]!, entityRanges: [] }] };
    expect(errorOf(unused)).toMatch(
      /^Entity 0: links must be web addresses \(http or https\), mailto or tel, not "javascript:alert\(1\)"$/,
    );
  });

  it('accepts a document with links, styles and media', () => {
    const doc: RawDocument = {
      blocks: [
        { ...linkDoc('https://example.org').blocks[0]!, inlineStyleRanges: [{ offset: 0, length: 8, style: 'BOLD' }] },
        {
          key: 'b',
          text: ' ',
          type: 'atomic',
          depth: 0,
          inlineStyleRanges: [],
          entityRanges: [{ offset: 0, length: 1, key: 1 }],
          data: {},
        },
      ],
      entityMap: {
        0: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'https://example.org' } },
        1: {
          type: 'IMAGE',
          mutability: 'IMMUTABLE',
          data: { url: 'https://example.org/a.png', width: 300, height: 200, alignment: 'left', type: 'image' },
        },
      },
    };
    expect(errorOf(doc)).toBeNull();
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\r\nscript:alert(1)',
    'jav\u0000ascript:x',
    'data:text/html,x',
  ])('refuses the link %j', (url) => {
    expect(errorOf(linkDoc(url))).toMatch(/not a web address \(http or https\), mailto or tel/);
  });

  it('refuses ranges outside their text, unknown styles, types and entities', () => {
    const base = linkDoc('https://example.org');
    const withBlock = (patch: object) => ({ ...base, blocks: [{ ...base.blocks[0]!, ...patch }] });
    expect(errorOf(withBlock({ inlineStyleRanges: [{ offset: 5, length: 4, style: 'BOLD' }] }))).toMatch(/outside/);
    expect(errorOf(withBlock({ inlineStyleRanges: [{ offset: -1, length: 2, style: 'BOLD' }] }))).toMatch(/outside/);
    expect(errorOf(withBlock({ inlineStyleRanges: [{ offset: 0, length: 2, style: 'FONT' }] }))).toMatch(/style/);
    expect(errorOf(withBlock({ type: 'header-one' }))).toMatch(/type/);
    expect(errorOf(withBlock({ depth: 5 }))).toMatch(/depth/);
    expect(errorOf(withBlock({ entityRanges: [{ offset: 0, length: 2, key: 7 }] }))).toMatch(/does not exist/);
    expect(errorOf({ ...base, entityMap: { 0: { type: 'SCRIPT', mutability: 'MUTABLE', data: { url: 'https://x.org' } } } })).toMatch(
      /unknown type/,
    );
    expect(errorOf({ ...base, extra: 1 })).toMatch(/unknown field/);
  });

  it('holds the size limits', () => {
    const big = {
      blocks: [{ key: 'a', text: 'x'.repeat(100_001), type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
      entityMap: {},
    };
    expect(errorOf(big)).toMatch(/100,000/);
    expect(
      validateDocumentJson(JSON.stringify({ blocks: [], entityMap: {}, pad: 'x' }).replace('"pad"', `"${'p'.repeat(1_100_000)}"`)),
    ).toEqual({
      ok: false,
      error: 'The content is larger than 1 MB',
    });
    expect(validateDocumentJson('{not json')).toEqual({ ok: false, error: 'The content is not valid JSON' });
  });
});
