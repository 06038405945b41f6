import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes, useRoutes } from 'react-router';
import { browserRoutes, loadPage } from './app/browser-routes';
import { AppProviders, themeFor } from './app/providers';
import { queryClient } from './app/query-client';
import { prefetchRoutesOnIntent } from './app/route-prefetch';
import { routes } from './app/routes';
import { REDUCED_MOTION_QUERY } from './app/theme';
import { HydrateApart } from './components/hydrate-apart';
import { readEmbeddedState } from './lib/embedded-state';
import { hydrationFinished, nextTask, startHydrating } from './lib/hydration-turns';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A server-rendered page brings the data it shows: the cache starts with it, so nothing is fetched twice.
const state = readEmbeddedState(document);
if (state) hydrate(queryClient, state);
await nextTask();

// The page's own code loads before hydrating (every page is a lazy route), so the browser's first
// render is the server's, with nothing suspended.
if (state) {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => typeof match.route.lazy === 'function') ?? [];
  await nextTask();
  await Promise.all(lazyMatches.map(({ route }) => loadPage(route.lazy as Parameters<typeof loadPage>[0])));
  await nextTask();
}
// Making a theme is a long piece of work of its own (about 20 ms at a slow phone's speed): the
// server's, and the one a visitor who asks for less motion changes to once hydration ends.
themeFor(false);
await nextTask();
if (window.matchMedia?.(REDUCED_MOTION_QUERY).matches) {
  themeFor(true);
  await nextTask();
}
const pages = browserRoutes(routes);

function Pages() {
  return useRoutes(pages);
}

/** Marks the page as taken over by its script, once every part has been (the journeys wait for it). */
function HydrationMark() {
  useEffect(() => {
    void hydrationFinished().then(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <AppProviders>
      {/* The providers and the router are taken over in two turns, not one. */}
      <HydrateApart>
        <BrowserRouter>
          <Pages />
        </BrowserRouter>
      </HydrateApart>
    </AppProviders>
    <HydrationMark />
  </StrictMode>
);

// Under React, hydrating as a transition works in slices of a few milliseconds; the built site's
// Preact (decision 055) takes the page over a part at a time (lib/hydration-turns.ts).
if (state) {
  startHydrating();
  startTransition(() => void hydrateRoot(container, app));
} else createRoot(container).render(app);
prefetchRoutesOnIntent(routes);
