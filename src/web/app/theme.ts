import { createTheme } from '@mui/material/styles';

// A nod to the Armenian flag: red, blue and apricot, with a calm deep teal-blue as the base.
export const flagColours = { red: '#d90012', blue: '#0033a0', apricot: '#f2a341' } as const;

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const focusRing = '#a85a00';

const headingFont = 'Georgia, "Times New Roman", "DejaVu Serif", serif';

/** The theme; with `reducedMotion`, no transition takes time and buttons have no ripple. */
export function siteTheme(reducedMotion: boolean) {
  return createTheme({
    palette: {
      // Colours are chosen for WCAG AA contrast with their text colour.
      primary: { main: '#0b4f6c', light: '#2a7a9b', dark: '#073449', contrastText: '#ffffff' },
      secondary: { main: flagColours.apricot, light: '#f7c27e', dark: '#a85a00', contrastText: '#1f1300' },
      error: { main: '#c00010' },
      background: { default: '#f6f7f9', paper: '#ffffff' },
      text: { primary: '#1b2430', secondary: '#4a5563' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans Armenian", "DejaVu Sans", sans-serif',
      h1: { fontFamily: headingFont, fontWeight: 700, fontSize: 'clamp(2rem, 4.5vw, 3.25rem)', lineHeight: 1.15 },
      h2: { fontFamily: headingFont, fontWeight: 700, fontSize: 'clamp(1.6rem, 3vw, 2.25rem)', lineHeight: 1.2 },
      h3: { fontFamily: headingFont, fontWeight: 700, fontSize: '1.35rem' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    // People who ask for less motion get none; the browser journeys ask too, for steady scans.
    transitions: reducedMotion
      ? {
          duration: {
            shortest: 0,
            shorter: 0,
            short: 0,
            standard: 0,
            complex: 0,
            enteringScreen: 0,
            leavingScreen: 0,
          },
        }
      : {},
    components: {
      MuiButtonBase: {
        defaultProps: { disableRipple: reducedMotion },
        // MUI resets the outline on buttons; give keyboard users the same ring as links.
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: `3px solid ${focusRing}`, outlineOffset: '2px' } } },
      },
      MuiCssBaseline: {
        styleOverrides: {
          // A focus ring that is visible on light and dark backgrounds alike.
          ':focus-visible': {
            outline: `3px solid ${focusRing}`,
            outlineOffset: '2px',
            boxShadow: '0 0 0 5px #ffffff',
          },
          a: { color: '#0b4f6c' },
          'html, body, #root': { minHeight: '100%' },
          body: { overflowWrap: 'break-word' },
        },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
