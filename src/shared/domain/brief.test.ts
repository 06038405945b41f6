import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRIEF_MAX_LENGTH, makeBrief } from './brief';

describe('makeBrief', () => {
  it('collapses whitespace and keeps short text whole', () => {
    expect(makeBrief('  Annual\n\n dinner\tin  London ')).toBe('Annual dinner in London');
  });

  it('cuts long text at a word boundary with an ellipsis', () => {
    const text = 'word '.repeat(100);
    const brief = makeBrief(text);
    expect(brief.length).toBeLessThanOrEqual(BRIEF_MAX_LENGTH);
    expect(brief.endsWith('word…')).toBe(true);
  });

  it('cuts a single endless word', () => {
    expect(makeBrief('x'.repeat(500))).toBe(`${'x'.repeat(199)}…`);
  });

  it('never exceeds the limit and never ends in whitespace', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1000 }), (text) => {
        const brief = makeBrief(text);
        expect(brief.length).toBeLessThanOrEqual(BRIEF_MAX_LENGTH);
        expect(brief).toBe(brief.trim());
      }),
    );
  });
});
