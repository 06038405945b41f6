import { describe, expect, it } from 'vitest';
import { siteTextDefaults } from '../../shared/domain/site-text';
import { lookupText, parseCachedTable, toLookup } from './site-text-table';

describe('parseCachedTable', () => {
  it('reads a cached table', () => {
    const table = [{ key: 'site_name', value: 'Example' }];
    expect(parseCachedTable(JSON.stringify(table))).toEqual(table);
  });

  it('ignores a missing or malformed cache', () => {
    expect(parseCachedTable(null)).toBeUndefined();
    expect(parseCachedTable('')).toBeUndefined();
    expect(parseCachedTable('[{')).toBeUndefined();
    expect(parseCachedTable(JSON.stringify({ site_name: 'x' }))).toBeUndefined();
    expect(parseCachedTable(JSON.stringify([{ key: 'site_name' }]))).toBeUndefined();
    for (const raw of [
      'null',
      '"text"',
      '[null]',
      '[1]',
      JSON.stringify([{ key: 'a', value: 1 }]),
      JSON.stringify([{ key: 1, value: 'a' }]),
    ]) {
      expect(parseCachedTable(raw), raw).toBeUndefined();
    }
  });
});

describe('lookupText', () => {
  it('uses a saved value, even an empty one', () => {
    const lookup = toLookup([
      { key: 'site_name', value: 'Example' },
      { key: 'contact_email', value: '' },
    ]);
    expect(lookupText(lookup, 'site_name', siteTextDefaults)).toBe('Example');
    expect(lookupText(lookup, 'contact_email', siteTextDefaults)).toBe('');
  });

  it('falls back to the default shipped in code once loaded, and to nothing before', () => {
    expect(lookupText(toLookup(undefined), 'home.mission', siteTextDefaults)).toBe(siteTextDefaults['home.mission']);
    expect(lookupText(toLookup(undefined), 'home.mission', undefined)).toBeUndefined();
  });
});
