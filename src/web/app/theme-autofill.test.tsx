import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { fireEvent, render, screen } from '@testing-library/react';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTOFILL, AUTOFILL_CANCEL, siteTheme } from './theme';

/**
 * The event the browser sends as an animation starts. jsdom has no AnimationEvent, so React
 * listens for the prefixed name there: both are sent, and React hears one.
 */
function animationStart(element: HTMLElement, animationName: string) {
  for (const type of ['animationstart', 'webkitAnimationStart'])
    fireEvent(element, Object.assign(new Event(type, { bubbles: true }), { animationName }));
}

describe("the theme's fields and the browser's autofill (decision 221)", () => {
  function form() {
    render(
      <ThemeProvider theme={siteTheme(false)}>
        <TextField label="First name" name="first_name" />
        <TextField label="Last name" name="last_name" />
      </ThemeProvider>,
    );
  }

  it('adds no style element per field while the page is taken over', () => {
    form();
    expect(document.querySelectorAll('style[data-emotion^="css-global"]')).toHaveLength(0);
  });

  it("still moves a field's label aside when the browser fills the field in", () => {
    form();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'First name' });
    const label = input.labels![0]!;
    expect(label).toHaveAttribute('data-shrink', 'false');
    animationStart(input, AUTOFILL);
    expect(label).toHaveAttribute('data-shrink', 'true');
    animationStart(input, AUTOFILL_CANCEL);
    expect(label).toHaveAttribute('data-shrink', 'false');
  });

  it('has the keyframes the animations name, once, in the site stylesheet', () => {
    const globalCss = fs.readFileSync('src/web/app/global.css', 'utf8');
    for (const name of [AUTOFILL, AUTOFILL_CANCEL]) expect(globalCss).toContain(`@keyframes ${name} {`);
  });
});
