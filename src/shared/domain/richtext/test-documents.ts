import fc from 'fast-check';
import {
  BLOCK_TYPES,
  INLINE_STYLES,
  isListType,
  MAX_LIST_DEPTH,
  type MediaData,
  type RawBlock,
  type RawDocument,
  type RawEntity,
} from './document';

/**
 * Generated documents in canonical form: what the editor gives back for them is exactly them.
 * Canonical means ranges are maximal runs (by style, then offset), entities are numbered in order
 * of appearance, list depths rise at most one level at a time, and block data is empty.
 */
const CHARS = ['a', 'b', ' ', 'Z', '\n', 'é', '😀', '<', '"', '&', '1'];
const URLS = ['https://example.org/a', 'http://example.org/b?c=1#d', 'mailto:info@example.org', 'tel:+441234567890', '/events'];
const MEDIA_URLS = [
  '/api/images/0b6a3f7e-1a2b-4c3d-8e9f-001122334455.png',
  'https://example.org/photo.jpg',
  'https://youtu.be/dQw4w9WgXcQ',
  'https://example.org/clip.mp4',
];

type CharSpec = { char: string; styles: number; link: number | null };
type BlockSpec = { type: (typeof BLOCK_TYPES)[number]; depth: number; chars: CharSpec[]; media: MediaData };

const charSpec = fc.record({
  char: fc.constantFrom(...CHARS),
  styles: fc.nat({ max: 63 }),
  link: fc.option(fc.nat({ max: 2 }), { freq: 2 }),
});

const mediaSpec: fc.Arbitrary<MediaData> = fc.record(
  {
    url: fc.constantFrom(...MEDIA_URLS),
    width: fc.integer({ min: 1, max: 2000 }),
    height: fc.integer({ min: 1, max: 2000 }),
    alignment: fc.constantFrom('left' as const, 'center' as const, 'right' as const),
    type: fc.constantFrom('image' as const, 'video' as const),
  },
  { requiredKeys: ['url'] },
);

const blockSpec: fc.Arbitrary<BlockSpec> = fc.record({
  type: fc.constantFrom(...BLOCK_TYPES),
  depth: fc.nat({ max: MAX_LIST_DEPTH }),
  chars: fc.array(charSpec, { maxLength: 24 }),
  media: mediaSpec,
});

function runs(chars: CharSpec[], on: (c: CharSpec) => boolean): { offset: number; length: number }[] {
  const out: { offset: number; length: number }[] = [];
  let start = -1;
  for (let i = 0; i <= chars.length; i++) {
    const inside = i < chars.length && on(chars[i]!);
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      out.push({ offset: start, length: i - start });
      start = -1;
    }
  }
  return out;
}

function build(specs: BlockSpec[]): RawDocument {
  const entityMap: Record<string, RawEntity> = {};
  let nextEntity = 0;
  let previousDepth = -1;
  const blocks = specs.map((spec, index): RawBlock => {
    const list = isListType(spec.type);
    const depth = list ? Math.min(spec.depth, previousDepth + 1) : 0;
    previousDepth = list ? depth : -1;
    const block: RawBlock = { key: `k${index}`, text: '', type: spec.type, depth, inlineStyleRanges: [], entityRanges: [], data: {} };
    if (spec.type === 'atomic') {
      entityMap[nextEntity] = { type: 'IMAGE', mutability: 'IMMUTABLE', data: spec.media };
      return { ...block, text: ' ', entityRanges: [{ offset: 0, length: 1, key: nextEntity++ }] };
    }
    block.text = spec.chars.map((c) => c.char).join('');
    if (spec.type === 'code-block') return block;
    INLINE_STYLES.forEach((style, bit) => {
      for (const run of runs(spec.chars, (c) => (c.styles & (1 << bit)) !== 0)) block.inlineStyleRanges.push({ ...run, style });
    });
    // Each run of one link slot is its own link, with an address no neighbour shares.
    let i = 0;
    while (i < spec.chars.length) {
      const slot = spec.chars[i]!.link;
      let end = i + 1;
      while (end < spec.chars.length && spec.chars[end]!.link === slot) end++;
      if (slot !== null) {
        const url = `${URLS[nextEntity % URLS.length]}${URLS[nextEntity % URLS.length]!.startsWith('/') ? '/' : '#'}n${nextEntity}`;
        entityMap[nextEntity] = { type: 'LINK', mutability: 'MUTABLE', data: { url } };
        block.entityRanges.push({ offset: i, length: end - i, key: nextEntity++ });
      }
      i = end;
    }
    return block;
  });
  return { blocks, entityMap };
}

/** Canonical documents using every block type, style, link kind and media field. */
export const canonicalDocument: fc.Arbitrary<RawDocument> = fc.array(blockSpec, { minLength: 1, maxLength: 14 }).map(build);
