import { describe, expect, it } from 'vitest';
import { addCategory, categorySuggestions, splitOnComma } from './category-suggestions';
import { PASTED_FILE_TEXT_LIMIT, cutFileText, isUploadableImage } from './pasted-text';
import { parseWholeNumber } from './whole-number';

describe('categories input', () => {
  const all = ['Conferences', 'Events', 'News', 'Students'];

  it('suggests known categories starting with the text, case-insensitively, leaving out chosen ones', () => {
    expect(categorySuggestions(all, ['News'], '')).toEqual(
      ['Conferences', 'Events', 'Students'].map((category) => ({ kind: 'existing', category })),
    );
    expect(categorySuggestions(all, [], 'co')).toEqual([{ kind: 'existing', category: 'Conferences' }]);
    expect(categorySuggestions(all, ['conferences'], 'CO')).toEqual([]);
  });

  it('offers to add the text only when nothing matches exactly or partly', () => {
    expect(categorySuggestions(all, [], 'Gala')).toEqual([{ kind: 'add', category: 'Gala' }]);
    // "vent" is part of "Events": no offer, and no prefix match either.
    expect(categorySuggestions(all, [], 'vent')).toEqual([]);
    expect(categorySuggestions(all, [], 'news')).toEqual([{ kind: 'existing', category: 'News' }]);
  });

  it('adds without duplicates', () => {
    expect(addCategory(['News'], ' Events ')).toEqual(['News', 'Events']);
    expect(addCategory(['News'], 'news')).toEqual(['News']);
    expect(addCategory(['News'], '  ')).toEqual(['News']);
  });

  it('adds on a trailing comma', () => {
    expect(splitOnComma('Gala,')).toEqual({ complete: ['Gala'], rest: '' });
    expect(splitOnComma('a,b,c')).toEqual({ complete: ['a', 'b'], rest: 'c' });
    expect(splitOnComma('abc')).toEqual({ complete: [], rest: 'abc' });
  });
});

describe('whole numbers in the media popover', () => {
  it('takes whole numbers, clears on empty, ignores the rest', () => {
    expect(parseWholeNumber('300', null)).toBe(300);
    expect(parseWholeNumber(' 42 ', 7)).toBe(42);
    expect(parseWholeNumber('', 300)).toBeNull();
    expect(parseWholeNumber('abc', 300)).toBe(300);
    expect(parseWholeNumber('12.5', 300)).toBe(300);
    expect(parseWholeNumber('-4', 300)).toBe(300);
    expect(parseWholeNumber('1e3', 300)).toBe(300);
    expect(parseWholeNumber('0', 300)).toBe(300);
  });
});

describe('pasted files', () => {
  it('cuts text from a file to 5,000 characters', () => {
    expect(cutFileText('x'.repeat(6000))).toHaveLength(PASTED_FILE_TEXT_LIMIT);
    expect(cutFileText('short')).toBe('short');
    expect(cutFileText(`${'x'.repeat(4999)}😀`)).toBe('x'.repeat(4999));
  });

  it('uploads PNG and JPEG only', () => {
    expect(isUploadableImage({ type: 'image/png' })).toBe(true);
    expect(isUploadableImage({ type: 'image/svg+xml' })).toBe(false);
  });
});
