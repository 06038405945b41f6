import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { queryClient } from './app/query-client';
import { prefetchRoutesOnIntent } from './app/route-prefetch';
import { routes } from './app/routes';
import { readEmbeddedState } from './lib/embedded-state';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/** A new task, so that a tap is answered between the pieces of starting up (decision 054). */
const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

// A server-rendered page brings the data it shows: the cache starts with it, so nothing is fetched twice.
const state = readEmbeddedState(document);
if (state) hydrate(queryClient, state);
await nextTask();

// The page's own code loads before hydrating (every page is a lazy route), so the browser's first
// render is the server's. Loaded here rather than by the router, so that asking for it and
// setting the router up are two tasks, not one.
if (state) {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => typeof match.route.lazy === 'function') ?? [];
  await nextTask();
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<typeof route>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  await nextTask();
}
const router = createBrowserRouter(routes);
await nextTask();

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
      <RouterProvider router={router} />
    </AppProviders>
    <HydrationMark />
  </StrictMode>
);

// As a transition, hydration works in slices of a few milliseconds and lets the browser paint and
// answer input between them, instead of holding the main thread for the whole page at once.
if (state) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
prefetchRoutesOnIntent(routes);
