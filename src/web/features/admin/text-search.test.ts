import { describe, expect, it } from 'vitest';
import type { TextEntry } from '../../../shared/api/site-text';
import { matchesSearch } from './text-search';

const entry = (over: Partial<TextEntry>): TextEntry => ({
  key: 'nav.sign_in',
  value: 'Sign in',
  default_value: 'Sign in',
  customised: false,
  where: 'Header and menu (English and Armenian)',
  page: '/',
  setting: false,
  updated_at: null,
  updated_by: null,
  hy: null,
  ...over,
});

describe('searching the Texts page', () => {
  it('finds a text by its key however it is written, its words, its default or where it shows', () => {
    expect(matchesSearch(entry({}), 'nav.sign_in')).toBe(true);
    expect(matchesSearch(entry({}), 'SIGN IN')).toBe(true);
    expect(matchesSearch(entry({}), 'nav sign')).toBe(true);
    expect(matchesSearch(entry({ value: 'Log in' }), 'sign in')).toBe(true);
    expect(matchesSearch(entry({}), 'header')).toBe(true);
    expect(
      matchesSearch(
        entry({
          key: 'nav.news',
          hy: {
            value: 'Նորություններ',
            default_value: 'Նորություններ',
            customised: false,
            to_review: true,
            missing: false,
            updated_at: null,
            updated_by: null,
          },
        }),
        'նորություն',
      ),
    ).toBe(true);
  });

  it('shows everything for an empty search, and nothing that does not match', () => {
    expect(matchesSearch(entry({}), '  ')).toBe(true);
    expect(matchesSearch(entry({}), 'donate')).toBe(false);
  });
});
