import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { SiteTextEditorProvider } from '../components/site-text-editor';
import { SiteTextProvider } from '../lib/site-text';
import { queryClient } from './query-client';
import { REDUCED_MOTION_QUERY, siteTheme } from './theme';

/**
 * The standard theme first, as the server rendered it (so hydration matches), then the
 * reduced-motion one for a visitor who asks for less motion.
 */
function useSiteTheme() {
  const reducedMotion = useSyncExternalStore(
    subscribeToMotion,
    () => window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false,
    () => false,
  );
  return themeFor(reducedMotion);
}

function subscribeToMotion(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const themes = new Map<boolean, ReturnType<typeof siteTheme>>();

/** Each theme is made once, when first asked for. */
export function themeFor(reducedMotion: boolean) {
  let theme = themes.get(reducedMotion);
  if (!theme) themes.set(reducedMotion, (theme = siteTheme(reducedMotion)));
  return theme;
}

/** Everything a page needs around it; component tests pass a fresh query client of their own. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={useSiteTheme()}>
        <CssBaseline />
        <SiteTextProvider>
          <SiteTextEditorProvider>{children}</SiteTextEditorProvider>
        </SiteTextProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
