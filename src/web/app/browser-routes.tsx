import { Component, createContext, createElement, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';

/**
 * The browser's router is React Router's declarative one (`useRoutes` under a `BrowserRouter`),
 * not its data router: the app has no loaders or actions (TanStack Query fetches), and the data
 * router's core is 17 KiB gzip of every first load (decision 056). The shared routes keep the data
 * router's shape, which the server renderer uses as it is; here each `lazy` page becomes a
 * component that suspends until its code has loaded, and each `ErrorBoundary` a boundary of ours.
 */

type PageModule = { Component?: ComponentType | null };
type LoadPage = () => Promise<PageModule>;

const loading = new WeakMap<LoadPage, Promise<ComponentType>>();
const loaded = new WeakMap<LoadPage, ComponentType>();

/** A page's code, asked for once however many ask (the first render, a link's prefetch, hydration). */
export function loadPage(load: LoadPage): Promise<ComponentType> {
  let promise = loading.get(load);
  if (!promise) {
    promise = load().then((module) => {
      const page = module.Component;
      if (!page) throw new Error('A route module has no Component');
      loaded.set(load, page);
      return page;
    });
    // A failure is not kept here, but the browser keeps a failed module import and the lazy page
    // its rejection: after a new release the error page's reload button is what recovers.
    promise.catch(() => loading.delete(load));
    loading.set(load, promise);
  }
  return promise;
}

/** The page once loaded; until then its lazy twin, which suspends (the layout shows its loading bar). */
function LazyPage({ load, whileLoading }: { load: LoadPage; whileLoading: ComponentType }) {
  // Either component is made once per route, so no state is lost between renders.
  return createElement(loaded.get(load) ?? whileLoading);
}

/** What a route's error page shows; the data router's `useRouteError` has no router to ask here. */
export const RouteErrorContext = createContext<unknown>(undefined);

type BoundaryProps = { fallback: ComponentType; navigation: string; children: ReactNode };
type BoundaryState = { error: unknown; failed: boolean; navigation: string };

/** Shows the route's error page in place of what failed to render or load, until the next navigation. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, navigation: this.props.navigation };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.navigation === state.navigation ? null : { error: undefined, failed: false, navigation: props.navigation };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo) {
    // The error page logs the error itself.
  }

  override render() {
    const { fallback: Fallback, children } = this.props;
    return this.state.failed ? (
      <RouteErrorContext value={this.state.error}>
        <Fallback />
      </RouteErrorContext>
    ) : (
      children
    );
  }
}

function WithErrorPage({ fallback, children }: { fallback: ComponentType; children: ReactNode }) {
  // Any navigation, a changed query string too, as the data router did.
  const { key } = useLocation();
  return (
    <RouteErrorBoundary fallback={fallback} navigation={key}>
      {children}
    </RouteErrorBoundary>
  );
}

function lazyPage(load: LoadPage): ReactNode {
  const whileLoading = lazy(() => loadPage(load).then((page) => ({ default: page })));
  return <LazyPage load={load} whileLoading={whileLoading} />;
}

function toBrowserRoute(route: RouteObject): RouteObject {
  const { lazy: load, Component: Page, ErrorBoundary, children, element, ...rest } = route;
  let shown: ReactNode = element ?? (Page ? <Page /> : typeof load === 'function' ? lazyPage(load) : <Outlet />);
  if (ErrorBoundary) shown = <WithErrorPage fallback={ErrorBoundary}>{shown}</WithErrorPage>;
  return { ...rest, element: shown, ...(children && { children: children.map(toBrowserRoute) }) } as RouteObject;
}

/** The shared routes as `useRoutes` takes them. */
export function browserRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map(toBrowserRoute);
}
