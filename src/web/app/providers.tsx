import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SiteTextEditorProvider } from '../components/site-text-editor';
import { SiteTextProvider } from '../lib/site-text';
import { queryClient } from './query-client';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SiteTextProvider>
          <SiteTextEditorProvider>{children}</SiteTextEditorProvider>
        </SiteTextProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
