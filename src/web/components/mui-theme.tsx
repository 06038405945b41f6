import { ThemeProvider } from '@mui/material/styles';
import { useSyncExternalStore, type ReactNode } from 'react';
import { REDUCED_MOTION_QUERY, siteTheme } from '../app/theme';

const themes = new Map<boolean, ReturnType<typeof siteTheme>>();

/** Each theme is made once, when first asked for. */
function themeFor(reducedMotion: boolean) {
  let theme = themes.get(reducedMotion);
  if (!theme) themes.set(reducedMotion, (theme = siteTheme(reducedMotion)));
  return theme;
}

function subscribeToMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * The MUI theme, around what is drawn with MUI (forms, the member area, the editor, the back
 * office, the admin's tools on public pages): loaded with those, never with a visitor's public
 * page (decision 081). The standard theme first, as the server rendered it, then the
 * reduced-motion one for a visitor who asks for less motion.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  const reducedMotion = useSyncExternalStore(
    subscribeToMotion,
    () => window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false,
    () => false,
  );
  return <ThemeProvider theme={themeFor(reducedMotion)}>{children}</ThemeProvider>;
}
