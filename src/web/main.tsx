import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { routes } from './app/routes';
import { readEmbeddedState } from './lib/embedded-state';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A server-rendered page brings the data it shows: the cache starts with it, so nothing is fetched twice.
const state = readEmbeddedState(document);
if (state) hydrate(queryClient, state);

// The page's own code loads before hydrating, so the first render in the browser is the server's.
if (state) {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => typeof match.route.lazy === 'function') ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<typeof route>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/** Marks the page as taken over by its script, after every effect of the first render (the journeys wait for it). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={createBrowserRouter(routes)} />
    </AppProviders>
    <HydrationMark />
  </StrictMode>
);

// As a transition, hydration works in slices of a few milliseconds and lets the browser paint and
// answer input between them, instead of holding the main thread for the whole page at once.
if (state) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
