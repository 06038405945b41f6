import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/domain/language';

/**
 * The language of the page being drawn (decision 150): from its address, given by the server
 * renderer per request and by main.tsx in the browser. A context, not a module variable: the
 * server draws pages of both languages at once.
 */
const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext value={language}>{children}</LanguageContext>;
}

export function useLanguage(): Language {
  return useContext(LanguageContext);
}
