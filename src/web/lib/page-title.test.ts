import { describe, expect, it } from 'vitest';
import { formatPageTitle } from './page-title';

describe('formatPageTitle', () => {
  it('prefixes the page title with the short name', () => {
    expect(formatPageTitle('AMA GB', 'Sign in')).toBe('AMA GB | Sign in');
  });

  it('falls back to whichever part is present', () => {
    expect(formatPageTitle('AMA GB', '')).toBe('AMA GB');
    expect(formatPageTitle('AMA GB', null)).toBe('AMA GB');
    expect(formatPageTitle('AMA GB')).toBe('AMA GB');
    expect(formatPageTitle('  ', 'News')).toBe('News');
  });

  it('trims surrounding whitespace', () => {
    expect(formatPageTitle(' AMA GB ', ' News ')).toBe('AMA GB | News');
  });
});
