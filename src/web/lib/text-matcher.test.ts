import { describe, expect, it } from 'vitest';
import { normalizeText, textMatcher } from './text-matcher';

describe('finding site texts from their words', () => {
  const matcher = textMatcher([
    ['committee.add', 'Add committee member'],
    ['nav.sign_in', 'Sign in'],
    ['signin.submit', 'Sign in'],
    ['editor.characters', '{count} of {max} characters'],
    ['site_text.edit_target', 'Change the text "{value}" ({key})'],
    ['only.placeholder', '{text}'],
    ['empty', ''],
    ['pre.line', 'First line\nsecond line'],
  ]);

  it('finds a text by its exact words, however the page spaces them', () => {
    expect(matcher.match('Add committee member')).toEqual(['committee.add']);
    expect(matcher.match('  Add   committee\nmember ')).toEqual(['committee.add']);
    expect(matcher.match('First line second line')).toEqual(['pre.line']);
  });

  it('gives every key that shows the same words', () => {
    expect(matcher.match('Sign in')).toEqual(['nav.sign_in', 'signin.submit']);
  });

  it('matches a text with placeholders filled in, and nothing partial', () => {
    expect(matcher.match('120 of 5000 characters')).toEqual(['editor.characters']);
    expect(matcher.match('Change the text "a (b) c" (k.x)')).toEqual(['site_text.edit_target']);
    expect(matcher.match('Add committee')).toEqual([]);
    expect(matcher.match('Add committee member now')).toEqual([]);
    expect(matcher.match('')).toEqual([]);
  });

  it('finds a text composed with figures, and in an attribute, with a name after it', () => {
    const composed = textMatcher([
      ['pay.pay', 'Pay'],
      ['donate.pay', 'Donate'],
      ['gift_aid_admin.cancel_action', 'Cancel declaration'],
      ['article.video', 'Video'],
      ['news.title', 'News'],
    ]);
    expect(composed.match('Pay £50.00')).toEqual(['pay.pay']);
    expect(composed.match('£40.00 Donate')).toEqual(['donate.pay']);
    expect(composed.match('Cancel declaration: Ani Petrosyan', { attribute: true })).toEqual(['gift_aid_admin.cancel_action']);
    expect(composed.match('Video (YouTube)', { attribute: true })).toEqual(['article.video']);
    // Words around a text are someone's content, not the site's text.
    expect(composed.match('News from Yerevan')).toEqual([]);
    expect(composed.match('Cancel declaration: Ani Petrosyan')).toEqual([]);
    expect(composed.match('Paying £50.00')).toEqual([]);
  });

  it('never matches everything through an empty value or a bare placeholder', () => {
    expect(matcher.match('Anything at all')).toEqual([]);
  });

  it('normalizes white space', () => {
    expect(normalizeText(' a \n\t b ')).toBe('a b');
  });
});
