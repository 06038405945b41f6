import type { StringTable } from '../../shared/api/site-text';
import { siteTextDefaults, type SiteTextKey } from '../../shared/domain/site-text';
import { parseStoredJson } from './stored-json';

/** SPEC: the string table is cached in sessionStorage under this key. */
export const STRING_TABLE_CACHE_KEY = 'string_table_v2';

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

/** A saved value wins, even when empty; otherwise the default shipped in code. */
export function lookupText(lookup: SiteTextLookup, key: SiteTextKey): string {
  return lookup.get(key) ?? siteTextDefaults[key];
}

export function readCachedTable(): StringTable | undefined {
  try {
    return parseCachedTable(sessionStorage.getItem(STRING_TABLE_CACHE_KEY));
  } catch {
    return undefined;
  }
}

export function writeCachedTable(table: StringTable): void {
  try {
    sessionStorage.setItem(STRING_TABLE_CACHE_KEY, JSON.stringify(table));
  } catch {
    // A full or disabled storage only costs the cache.
  }
}
