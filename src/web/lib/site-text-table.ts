import type { StringTable } from '../../shared/api/site-text';
import { STRING_TABLE_ELEMENT_ID } from '../../shared/domain/embedded-json';
import type { Language } from '../../shared/domain/language';
import type { SiteTextDefaults, SiteTextKey } from '../../shared/domain/site-text';
import { parseStoredJson } from './stored-json';

/** docs/product.md: the string table is cached in sessionStorage under this key (the Armenian one under `string_table_v2.hy`). */
export const STRING_TABLE_CACHE_KEY = 'string_table_v2';

const cacheKey = (language: Language) => (language === 'en' ? STRING_TABLE_CACHE_KEY : `${STRING_TABLE_CACHE_KEY}.${language}`);

export type SiteTextLookup = ReadonlyMap<string, string>;

/** The contract's `stringTable` shape, checked by hand: the table is read on every page's first load, which carries no zod. */
function asStringTable(value: unknown): StringTable | undefined {
  const fits =
    Array.isArray(value) &&
    value.every((entry: unknown) => {
      const { key, value: text } = (entry ?? {}) as Record<string, unknown>;
      return typeof key === 'string' && typeof text === 'string';
    });
  return fits ? (value as StringTable) : undefined;
}

/** A cached table that does not parse is ignored, so a stale format never breaks the page. */
export function parseCachedTable(raw: string | null): StringTable | undefined {
  return parseStoredJson(asStringTable, raw);
}

export function toLookup(table: StringTable | undefined): SiteTextLookup {
  return new Map((table ?? []).map((entry) => [entry.key, entry.value]));
}

/**
 * A value in the table wins, even when empty; otherwise the default shipped in code, once loaded
 * (undefined until then: the table the server sends holds every default already).
 */
export function lookupText(lookup: SiteTextLookup, key: SiteTextKey, defaults: SiteTextDefaults | undefined): string | undefined {
  return lookup.get(key) ?? defaults?.[key];
}

/**
 * The defaults, in a chunk of their own: only a page whose table lacks a key loads them (decision
 * 064); an Armenian page loads the Armenian ones too, the English filling any gap (decision 150).
 */
export function loadSiteTextDefaults(language: Language = 'en'): Promise<SiteTextDefaults> {
  if (language === 'en') return import('../../shared/domain/site-text').then((m) => m.siteTextDefaults);
  return Promise.all([import('../../shared/domain/site-text-hy'), import('../../shared/domain/site-text-languages')]).then(
    ([hy, languages]) => languages.defaultsIn(language, hy.siteTextHy),
  );
}

const readFromElement = new WeakMap<Element, StringTable | undefined>();

/** The table the server wrote into a page the browser renders itself (in the page's language); undefined elsewhere (the dev server). */
export function readEmbeddedTable(): StringTable | undefined {
  const element = typeof document === 'undefined' ? null : document.getElementById(STRING_TABLE_ELEMENT_ID);
  if (!element) return undefined;
  // Parsed once, however many times it is asked for.
  if (!readFromElement.has(element)) readFromElement.set(element, parseStoredJson(asStringTable, element.textContent));
  return readFromElement.get(element);
}

export function readCachedTable(language: Language = 'en'): StringTable | undefined {
  try {
    return parseCachedTable(sessionStorage.getItem(cacheKey(language)));
  } catch {
    return undefined;
  }
}

export function writeCachedTable(table: StringTable, language: Language = 'en'): void {
  try {
    sessionStorage.setItem(cacheKey(language), JSON.stringify(table));
  } catch {
    // A full or disabled storage only costs the cache.
  }
}
