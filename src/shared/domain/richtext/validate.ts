import {
  BLOCK_TYPES,
  INLINE_STYLES,
  LINK,
  MAX_JSON_BYTES,
  MAX_LIST_DEPTH,
  MAX_TEXT_LENGTH,
  MEDIA,
  codePoints,
  mediaUrl,
  type RawDocument,
} from './document';
import { groupThousands } from '../en-gb';
import { nestedAtMost } from '../json-shape';
import { isSafeLinkUrl, isSafeMediaUrl } from './safe-url';

export type Validation = { ok: true; document: RawDocument } | { ok: false; error: string };

const MAX_KEY_LENGTH = 64;
const MAX_ATTRIBUTE_LENGTH = 200;
const MAX_MEDIA_SIZE = 10_000;
const MUTABILITIES = ['MUTABLE', 'IMMUTABLE', 'SEGMENTED'];
const LINK_KEYS = ['url', 'className', 'href', 'rel', 'target', 'title'];
const MEDIA_KEYS = ['url', 'src', 'alt', 'className', 'width', 'height', 'alignment', 'type'];

class Invalid extends Error {}
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Invalid(message);
}

/** A plain object, as JSON.parse makes them (no class instances, no arrays). */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Every key of `value` is one of `allowed`, and the value is not reachable through a prototype. */
function onlyKeys(value: Record<string, unknown>, allowed: string[], what: string) {
  for (const key of Object.keys(value)) check(allowed.includes(key), `${what} has an unknown field "${key.slice(0, 40)}"`);
}

/**
 * The words a link is on, for a refusal a writer can act on: the first range in the blocks that
 * names the entity (the blocks are checked after the entities, so read here with care).
 */
function linkedText(blocks: unknown, key: string): string | undefined {
  if (!Array.isArray(blocks)) return undefined;
  for (const block of blocks) {
    if (!isRecord(block) || typeof block.text !== 'string' || !Array.isArray(block.entityRanges)) continue;
    for (const range of block.entityRanges) {
      if (!isRecord(range) || String(range.key) !== key || !isCount(range.offset) || !isCount(range.length)) continue;
      const text = codePoints(block.text)
        .slice(range.offset, range.offset + range.length)
        .join('')
        .trim();
      return text.length > 60 ? `${text.slice(0, 59)}…` : text;
    }
  }
  return undefined;
}

function checkLink(data: Record<string, unknown>, where: string, text: string | undefined) {
  onlyKeys(data, LINK_KEYS, where);
  check(typeof data.url === 'string', `${where} has no url`);
  for (const key of LINK_KEYS) {
    const value = data[key];
    if (value === undefined) continue;
    check(typeof value === 'string' && value.length <= 2048, `${where}: ${key} must be text`);
  }
  // href is not rendered, but an unsafe one must not be stored either.
  for (const address of [data.url, data.href]) {
    if (address === undefined) continue;
    const shown = JSON.stringify((address as string).slice(0, 80));
    check(
      isSafeLinkUrl(address as string),
      text
        ? `The link on "${text}" goes to ${shown}, which is not a web address (http or https), mailto or tel: correct it or remove the link`
        : `${where}: links must be web addresses (http or https), mailto or tel, not ${shown}`,
    );
  }
}

function checkMedia(data: Record<string, unknown>, where: string) {
  onlyKeys(data, MEDIA_KEYS, where);
  for (const key of ['url', 'src', 'alt', 'className']) {
    if (data[key] !== undefined) check(typeof data[key] === 'string' && data[key].length <= 2048, `${where}: ${key} must be text`);
  }
  const url = mediaUrl(data);
  check(url, `${where} has no url`);
  for (const address of [data.url, data.src]) {
    if (address !== undefined) check(isSafeMediaUrl(address as string), `${where}: media must be an http(s) address or an uploaded image`);
  }
  for (const key of ['width', 'height']) {
    const value = data[key];
    if (value !== undefined)
      check(isCount(value) && value > 0 && value <= MAX_MEDIA_SIZE, `${where}: ${key} must be a whole number of pixels`);
  }
  if (data.alignment !== undefined)
    check(['left', 'center', 'right'].includes(data.alignment as string), `${where}: alignment must be left, center or right`);
  if (data.type !== undefined) check(['image', 'video'].includes(data.type as string), `${where}: type must be image or video`);
}

function checkRanges(ranges: unknown, length: number, where: string, item: (range: Record<string, unknown>) => void) {
  check(Array.isArray(ranges), `${where} must be a list`);
  for (const range of ranges) {
    check(isRecord(range), `${where} must hold ranges`);
    const { offset, length: size } = range;
    check(isCount(offset) && isCount(size) && size > 0 && offset + size <= length, `${where}: a range lies outside its text`);
    item(range);
  }
}

function validateDocumentOrThrow(value: unknown): RawDocument {
  check(isRecord(value), 'The content must be a document with blocks and an entity map');
  onlyKeys(value, ['blocks', 'entityMap'], 'The document');
  const { blocks, entityMap } = value;
  check(Array.isArray(blocks), 'The content must have a list of blocks');
  check(isRecord(entityMap), 'The content must have an entity map');

  for (const [key, entity] of Object.entries(entityMap)) {
    const where = `Entity ${key.slice(0, 20)}`;
    check(/^\d{1,9}$/.test(key), `${where}: entity keys are numbers`);
    check(isRecord(entity), `${where} is not an entity`);
    onlyKeys(entity, ['type', 'mutability', 'data'], where);
    check(MUTABILITIES.includes(entity.mutability as string), `${where} has an unknown mutability`);
    check(isRecord(entity.data), `${where} has no data`);
    if (entity.type === LINK) checkLink(entity.data, where, linkedText(blocks, key));
    else if (entity.type === MEDIA) checkMedia(entity.data, where);
    else check(false, `${where} has an unknown type; only links and media are allowed`);
  }

  const keys = new Set<string>();
  let textLength = 0;
  for (const [index, block] of blocks.entries()) {
    const where = `Block ${index + 1}`;
    check(isRecord(block), `${where} is not a block`);
    onlyKeys(block, ['key', 'text', 'type', 'depth', 'inlineStyleRanges', 'entityRanges', 'data'], where);
    check(typeof block.key === 'string' && block.key.length > 0 && block.key.length <= MAX_KEY_LENGTH, `${where} has no key`);
    check(!keys.has(block.key), `${where} repeats the key of another block`);
    keys.add(block.key);
    check(typeof block.text === 'string', `${where} has no text`);
    check((BLOCK_TYPES as readonly unknown[]).includes(block.type), `${where} has a type that is not allowed`);
    check(isCount(block.depth) && block.depth <= MAX_LIST_DEPTH, `${where}: depth must be between 0 and ${MAX_LIST_DEPTH}`);
    check(isRecord(block.data) && JSON.stringify(block.data).length <= MAX_ATTRIBUTE_LENGTH * 10, `${where} has unusable data`);

    const length = codePoints(block.text).length;
    // One character between blocks, as the editor counts a new paragraph (editor-guards.ts).
    textLength += length + (index > 0 ? 1 : 0);
    check(textLength <= MAX_TEXT_LENGTH, `The text is longer than ${groupThousands(MAX_TEXT_LENGTH)} characters`);

    checkRanges(block.inlineStyleRanges, length, `${where} styles`, (range) => {
      check((INLINE_STYLES as readonly unknown[]).includes(range.style), `${where} has a style that is not allowed`);
      onlyKeys(range, ['offset', 'length', 'style'], `${where} styles`);
    });

    const covered: boolean[] = [];
    checkRanges(block.entityRanges, length, `${where} entities`, (range) => {
      onlyKeys(range, ['offset', 'length', 'key'], `${where} entities`);
      check(
        isCount(range.key) && Object.prototype.hasOwnProperty.call(entityMap, String(range.key)),
        `${where} names an entity that does not exist`,
      );
      const entity = entityMap[String(range.key)] as { type: string };
      // Links belong on text, media in atomic blocks only.
      check((entity.type === MEDIA) === (block.type === 'atomic'), `${where}: media go in atomic blocks and links in text`);
      for (let i = range.offset as number; i < (range.offset as number) + (range.length as number); i++) {
        check(!covered[i], `${where}: entity ranges overlap`);
        covered[i] = true;
      }
    });
  }
  return value as RawDocument;
}

/** A document is blocks of entities and ranges: a few levels deep. Deeper is not one, and would strain the checks. */
const MAX_NESTING = 16;

/** Checks a parsed document against every rule of the stored format. */
export function validateDocument(value: unknown): Validation {
  if (!nestedAtMost(value, MAX_NESTING)) return { ok: false, error: 'The document is nested too deeply' };
  try {
    return { ok: true, document: validateDocumentOrThrow(value) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, error: error.message };
    throw error;
  }
}

/** Checks a document as the API receives it: a JSON string of at most MAX_JSON_BYTES. */
export function validateDocumentJson(json: string): Validation {
  if (new TextEncoder().encode(json).length > MAX_JSON_BYTES) return { ok: false, error: 'The content is larger than 1 MB' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, error: 'The content is not valid JSON' };
  }
  return validateDocument(value);
}
