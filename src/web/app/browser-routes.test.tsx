import { act, render, screen } from '@testing-library/react';
import { Suspense, useContext } from 'react';
import { createMemoryRouter, MemoryRouter, Outlet, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { browserRoutes, loadPage, RouteErrorContext } from './browser-routes';

function ErrorPage() {
  const error = useContext(RouteErrorContext);
  return <p>Failed: {error instanceof Error ? error.message : String(error)}</p>;
}

function Broken(): never {
  throw new Error('the page broke');
}

function Layout() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => void navigate('/news')}>to news</button>
      <Suspense fallback={<p>Loading</p>}>
        <Outlet />
      </Suspense>
    </>
  );
}

function Pages({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function App({ routes, at }: { routes: RouteObject[]; at: string }) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <Pages routes={routes} />
    </MemoryRouter>
  );
}

describe('browserRoutes', () => {
  it('shows a lazy page once its code has loaded, and asks for that code once', async () => {
    const news = vi.fn(() => Promise.resolve({ Component: () => <h1>News</h1> }));
    const routes = browserRoutes([{ Component: Layout, children: [{ path: 'news', lazy: news }] }]);
    render(<App routes={routes} at="/news" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'News' })).toBeInTheDocument();
    await loadPage(news);
    expect(news).toHaveBeenCalledTimes(1);
  });

  it('renders a page loaded beforehand at once, with nothing suspended (hydration needs the first render whole)', async () => {
    const events = () => Promise.resolve({ Component: () => <h1>Events</h1> });
    await loadPage(events);
    const routes = browserRoutes([{ Component: Layout, children: [{ path: 'events', lazy: events }] }]);
    render(<App routes={routes} at="/events" />);
    expect(screen.getByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('asks again after a failed load: a later attempt may succeed', async () => {
    let fail = true;
    const flaky = vi.fn(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ Component: () => <p>Here</p> })));
    await expect(loadPage(flaky)).rejects.toThrow('offline');
    fail = false;
    await expect(loadPage(flaky)).resolves.toBeTypeOf('function');
    expect(flaky).toHaveBeenCalledTimes(2);
  });

  it("shows the route's error page with the error in place of a page that fails, and the next page after navigating", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = browserRoutes([
      {
        Component: Layout,
        children: [
          {
            ErrorBoundary: ErrorPage,
            children: [
              { path: 'broken', Component: Broken },
              { path: 'news', Component: () => <h1>News</h1> },
            ],
          },
        ],
      },
    ]);
    render(<App routes={routes} at="/broken" />);
    expect(screen.getByText('Failed: the page broke')).toBeInTheDocument();
    // The layout around the error page stays.
    act(() => screen.getByRole('button', { name: 'to news' }).click());
    expect(await screen.findByRole('heading', { name: 'News' })).toBeInTheDocument();
    expect(screen.queryByText(/Failed/)).toBeNull();
    vi.mocked(console.error).mockRestore();
  });

  it('keeps the shared routes as they are for the server renderer', () => {
    const lazy = () => Promise.resolve({ Component: () => null });
    const shared: RouteObject[] = [{ ErrorBoundary: ErrorPage, children: [{ path: 'news', lazy, handle: { page: true } }] }];
    const copy = browserRoutes(shared);
    expect(shared[0]!.children![0]!.lazy).toBe(lazy);
    expect(copy[0]!.children![0]!.handle).toEqual({ page: true });
    expect(() => createMemoryRouter(shared)).not.toThrow();
  });
});
