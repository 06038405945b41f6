import { describe, expect, it } from 'vitest';
import tokensCss from './tokens.css?raw';
import { readTokens, siteTheme } from './theme';

describe('the MUI theme and the public pages share one set of tokens (tokens.css)', () => {
  const tokens = readTokens(tokensCss);

  it('reads every custom property of tokens.css', () => {
    expect(tokens['color-primary']).toBe('#0b4f6c');
    expect(tokens['font-heading']).toMatch(/^Georgia/);
    expect(Object.keys(tokens).length).toBeGreaterThan(30);
  });

  it('makes the theme from them: colours, type, spacing and shape', () => {
    const theme = siteTheme(false);
    expect(theme.palette.primary.main).toBe(tokens['color-primary']);
    expect(theme.palette.primary.dark).toBe(tokens['color-primary-dark']);
    expect(theme.palette.secondary.main).toBe(tokens['color-accent']);
    expect(theme.palette.error.main).toBe(tokens['color-error']);
    expect(theme.palette.background.default).toBe(tokens['color-page']);
    expect(theme.palette.text.secondary).toBe(tokens['color-text-muted']);
    // Through the custom properties, so an Armenian page's font comes first (decision 151).
    expect(theme.typography.fontFamily).toBe(`var(--font-body, ${tokens['font-body']})`);
    expect(theme.typography.h1.fontFamily).toBe(`var(--font-heading, ${tokens['font-heading']})`);
    expect(theme.typography.h2.fontSize).toBe(tokens['text-xl']);
    expect(theme.spacing(2)).toBe(`${2 * Number.parseInt(tokens['space-unit']!, 10)}px`);
    expect(theme.shape.borderRadius).toBe(Number.parseInt(tokens.radius!, 10));
  });

  it('takes no time for transitions when the visitor asks for less motion', () => {
    expect(siteTheme(true).transitions.duration.standard).toBe(0);
  });
});
