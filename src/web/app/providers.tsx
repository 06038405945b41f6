import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SiteTextEditorProvider } from '../components/site-text-editor';
import { SiteTextProvider } from '../lib/site-text';
import { queryClient } from './query-client';
import { theme } from './theme';

/** Everything a page needs around it; component tests pass a fresh query client of their own. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SiteTextProvider>
          <SiteTextEditorProvider>{children}</SiteTextEditorProvider>
        </SiteTextProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
