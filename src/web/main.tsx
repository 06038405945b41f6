import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes, useRoutes } from 'react-router';
import { browserRoutes, loadPage } from './app/browser-routes';
import { AppProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { prefetchRoutesOnIntent } from './app/route-prefetch';
import { routes } from './app/routes';
import { readEmbeddedState } from './lib/embedded-state';
import { prefetchSiteTextDefaults } from './lib/site-text';
import { popoverFallback } from './lib/popover';
import './app/global.css';
import { languageOfPath, routerBasename } from '../shared/domain/language';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A server-rendered page brings the data it shows: the cache starts with it, so nothing is fetched twice.
const state = readEmbeddedState(document);
if (state) hydrate(queryClient, state);

const pages = browserRoutes(routes);
// The address says the page's language (decision 150): the Armenian pages' router lives under /hy,
// so its links stay Armenian; the language switch is a link the server answers.
const language = languageOfPath(window.location.pathname);
const basename = routerBasename(language);

function Pages() {
  return useRoutes(pages);
}

/** Marks the page as taken over by its script (the hydration-fidelity journey reads it). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <AppProviders language={language}>
      <BrowserRouter basename={basename}>
        <Pages />
      </BrowserRouter>
    </AppProviders>
    <HydrationMark />
  </StrictMode>
);

/**
 * The page's own code loads before hydrating (every page is a lazy route), so the browser's first
 * render is the server's, with nothing suspended. Hydrating as a transition lets React work in
 * slices of a few milliseconds; a tap on a part not yet taken over makes React hydrate that part
 * at once and replay the tap (decision 080). Until the script runs at all, the page works as
 * HTML: links, forms, popovers and <details> (decision 082).
 */
async function start(root: HTMLElement) {
  if (!state) {
    createRoot(root).render(app);
    return;
  }
  const lazyMatches = matchRoutes(routes, window.location, basename)?.filter((match) => typeof match.route.lazy === 'function') ?? [];
  await Promise.all(lazyMatches.map(({ route }) => loadPage(route.lazy as Parameters<typeof loadPage>[0])));
  startTransition(() => void hydrateRoot(root, app));
}

start(container).catch((error: unknown) => console.error('The page could not be taken over by its script', error));
// The site texts' defaults (decision 084) come with the first sign that the visitor is using the page.
prefetchRoutesOnIntent(routes, document, () => void prefetchSiteTextDefaults(queryClient, language));
popoverFallback();
