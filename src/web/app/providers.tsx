import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { AfterHydration, HydrateApart } from '../components/hydrate-apart';
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

/** Each theme is made once, when first asked for: main.tsx asks for the standard one in a task of its own. */
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
        <AfterHydration>
          <CssBaseline />
        </AfterHydration>
        {/* The site text's providers are taken over in a turn after the theme's. */}
        <HydrateApart>
          <SiteTextProvider>
            <SiteTextEditorProvider>{children}</SiteTextEditorProvider>
          </SiteTextProvider>
        </HydrateApart>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
