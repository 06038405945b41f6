import { createTheme } from '@mui/material/styles';
import tokensCss from './tokens.css?raw';

/** The names MUI's fields listen for to notice the browser's autofill; their keyframes are in global.css. */
export const AUTOFILL = 'mui-auto-fill';
export const AUTOFILL_CANCEL = 'mui-auto-fill-cancel';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** The design tokens (tokens.css) by name: the MUI theme is made from the same values as the public pages' CSS. */
export function readTokens(css: string): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const [, name, value] of css.matchAll(/--([\w-]+):\s*([^;]+);/g)) tokens[name!] = value!.trim();
  return tokens;
}

const token = readTokens(tokensCss);

/** The theme of the MUI pages; with `reducedMotion`, no transition takes time and buttons have no ripple. */
export function siteTheme(reducedMotion: boolean) {
  // The type as custom properties (their values in tokens.css): an Armenian page puts its web font
  // first (global.css, decision 151), for the MUI pages as for the public ones.
  const heading = {
    fontFamily: `var(--font-heading, ${token['font-heading']})`,
    fontWeight: 700,
    lineHeight: Number(token['leading-tight']),
  };
  return createTheme({
    palette: {
      primary: {
        main: token['color-primary']!,
        light: token['color-primary-light'],
        dark: token['color-primary-dark'],
        contrastText: token['color-on-primary'],
      },
      secondary: {
        main: token['color-accent']!,
        light: token['color-accent-light'],
        dark: token['color-accent-dark'],
        contrastText: token['color-on-accent'],
      },
      error: { main: token['color-error']! },
      success: { main: token['color-success']! },
      background: { default: token['color-page'], paper: token['color-surface'] },
      text: { primary: token['color-text'], secondary: token['color-text-muted'] },
    },
    spacing: Number.parseInt(token['space-unit']!, 10),
    shape: { borderRadius: Number.parseInt(token.radius!, 10) },
    typography: {
      fontFamily: `var(--font-body, ${token['font-body']})`,
      h1: { ...heading, fontSize: token['text-2xl'], lineHeight: 1.15 },
      h2: { ...heading, fontSize: token['text-xl'] },
      h3: { ...heading, fontSize: token['text-lg'] },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    // People who ask for less motion get none; the browser journeys ask too, for steady scans.
    transitions: reducedMotion
      ? { duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 } }
      : {},
    components: {
      MuiButtonBase: {
        defaultProps: { disableRipple: reducedMotion },
        // MUI resets the outline on buttons; give keyboard users the same ring as links.
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${token['color-focus']}`, outlineOffset: '2px' } } },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
      // MUI notices the browser's autofill by an animation on each field. Its keyframes live once in
      // global.css rather than in a style element each field adds while the page is taken over
      // (a long task on a form of eleven fields: decision 221); MUI then leaves the animation out,
      // so it is given back here, as MUI draws it.
      MuiInputBase: {
        defaultProps: { disableInjectingGlobalStyles: true },
        styleOverrides: {
          input: {
            animationName: AUTOFILL_CANCEL,
            animationDuration: '10ms',
            '&:-webkit-autofill': { animationName: AUTOFILL, animationDuration: '5000s' },
          },
        },
      },
    },
  });
}
