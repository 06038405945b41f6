import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, parsePath, RouterProvider, useLocation } from 'react-router';
import { expect, onTestFinished, vi } from 'vitest';
import type { Role } from '../../shared/api/accounts';
import { siteTextApi, type StringTable } from '../../shared/api/site-text';
import { STRING_TABLE_ELEMENT_ID, serializeEmbedded } from '../../shared/domain/embedded-json';
import { siteTextDefaults } from '../../shared/domain/site-text';
import { siteTextHy } from '../../shared/domain/site-text-hy';
import { defaultsIn } from '../../shared/domain/site-text-languages';
import { LANGUAGE_TAGS, routerBasename, type Language } from '../../shared/domain/language';
import { AppProviders } from '../app/providers';
import { popoverFallback } from '../lib/popover';
import { saveSession } from '../lib/session';
import { FakeApi } from './fake-api';

export interface RenderPageOptions {
  /** The route pattern the element is mounted at, e.g. '/signIn/pwReset/:uid' (default '/'). */
  route?: string;
  /** The URL to open (default: the route itself). */
  url?: string;
  /** The history state the page is opened with (a finished flow leaves one for its thank-you page). */
  state?: unknown;
  /** Signed in with this role before the page renders. */
  signedInAs?: Role;
  /** The fake network; a new one (answering only the site text) when not given. */
  api?: FakeApi;
  /**
   * The string table the page carries, as the server writes it into every page (default: every
   * shipped default); null for a page without one (the development server's).
   */
  embeddedTable?: StringTable | null;
  /** The page's language (decision 150): an Armenian page is under /hy and carries the Armenian table. */
  language?: Language;
}

/** The table as the server sends it on an untouched database. */
export const defaultsTable: StringTable = Object.entries(siteTextDefaults).map(([key, value]) => ({ key, value }));

/** The Armenian table as the server sends it on an untouched database. */
export const armenianTable: StringTable = Object.entries(defaultsIn('hy', siteTextHy)).map(([key, value]) => ({ key, value }));

/** Writes the table into the document as the server does, until the test ends. */
function embedTable(table: StringTable) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = STRING_TABLE_ELEMENT_ID;
  element.textContent = serializeEmbedded(table);
  document.head.append(element);
  onTestFinished(() => element.remove());
}

export interface RenderedPage extends RenderResult {
  user: UserEvent;
  api: FakeApi;
  /** Where the page has navigated to: path, search and hash. */
  location(): string;
  /** Messages the page showed with window.alert. */
  alerts: string[];
}

/** Every other URL renders this, so a test can see where a page sent the visitor. */
function Elsewhere() {
  const location = useLocation();
  return <p>Elsewhere: {location.pathname}</p>;
}

/**
 * Renders a page or component as the site does: the app's own providers (theme, TanStack Query,
 * site text and its editor) and a router; only `fetch` is fake (see FakeApi). The page carries the
 * shipped defaults as its string table unless the test gives another; a refresh fetches them.
 */
export function renderPage(element: ReactElement, options: RenderPageOptions = {}): RenderedPage {
  const api = options.api ?? new FakeApi();
  const language = options.language ?? 'en';
  const table = language === 'hy' ? armenianTable : defaultsTable;
  api.fallback(siteTextApi.stringTable, table);
  // The page's <html lang>, as the server writes it (the API client sends it: decision 195).
  const documentLanguage = document.documentElement.lang;
  document.documentElement.lang = LANGUAGE_TAGS[language];
  onTestFinished(() => void (document.documentElement.lang = documentLanguage));
  const embedded = options.embeddedTable === undefined ? table : options.embeddedTable;
  if (embedded) embedTable(embedded);
  // A request the test did not expect fails it, even when the page copes with the error.
  onTestFinished(() => expect(api.unhandled, 'requests no fake answered').toEqual([]));
  vi.stubGlobal('fetch', api.fetch);
  const alerts: string[] = [];
  vi.stubGlobal('alert', (message?: unknown) => void alerts.push(String(message)));
  // jsdom has no popovers: as in such a browser, main.tsx's fallback opens and closes them.
  onTestFinished(popoverFallback());
  if (options.signedInAs)
    saveSession({ token: `token-${options.signedInAs}`, username: `${options.signedInAs}@example.org`, role: options.signedInAs });

  const route = options.route ?? '/';
  const basename = routerBasename(language);
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [{ ...parsePath(`${basename ?? ''}${options.url ?? route}`), state: options.state }], basename },
  );
  // A client per test, without retries, so one test's cache or failures never reach another.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // No pause between keystrokes: the events are the same, the tests several times faster.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProviders client={client} language={language}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => {
    const { pathname, search, hash } = router.state.location;
    return `${pathname}${search}${hash}`;
  };
  return { ...result, user, api, location, alerts };
}
