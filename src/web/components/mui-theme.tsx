import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useSyncExternalStore, type ReactNode } from 'react';
import type { Language } from '../../shared/domain/language';
import { REDUCED_MOTION_QUERY, siteTheme } from '../app/theme';
import { useLanguage } from '../lib/language';
import { muiArmenian } from './mui-armenian';

const themes = new Map<string, ReturnType<typeof siteTheme>>();

/** Each theme is made once, when first asked for; an Armenian page's has MUI's own words in Armenian. */
function themeFor(reducedMotion: boolean, language: Language) {
  const key = `${reducedMotion}:${language}`;
  let theme = themes.get(key);
  if (!theme) {
    theme = siteTheme(reducedMotion);
    if (language === 'hy') theme = createTheme(theme, muiArmenian);
    themes.set(key, theme);
  }
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
  const language = useLanguage();
  return <ThemeProvider theme={themeFor(reducedMotion, language)}>{children}</ThemeProvider>;
}
