import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Language } from '../../shared/domain/language';
import type { SiteTextKey } from '../../shared/domain/site-text';
import { LanguageProvider } from '../lib/language';
import { SiteTextEditorProvider } from '../components/site-text-editor';
import { SiteTextProvider } from '../lib/site-text';
import { queryClient } from './query-client';

/**
 * Everything a page needs around it; component tests pass a fresh query client of their own. The
 * MUI theme is not here: only the pages drawn with MUI load it (app/mui-pages.tsx).
 */
export function AppProviders({
  children,
  client = queryClient,
  drawnTexts,
  language = 'en',
}: {
  children: ReactNode;
  client?: QueryClient;
  /** The server renderer's record of the site texts the page drew (decision 084). */
  drawnTexts?: Set<SiteTextKey>;
  /** The page's language, from its address (decision 150). */
  language?: Language;
}) {
  return (
    <QueryClientProvider client={client}>
      <LanguageProvider language={language}>
        <SiteTextProvider drawn={drawnTexts}>
          <SiteTextEditorProvider>{children}</SiteTextEditorProvider>
        </SiteTextProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
