// What the browser build gets for `import ... from 'react'` (vite.config.ts aliases it): React's
// API from Preact's compat layer, about 10 KiB gzip where React DOM is 64 (decision 055). The
// server still renders with React; Preact takes over (hydrates) the page React wrote.
import * as compat from 'preact/compat';
import { hydrationDone, onHydrationDone } from '../lib/hydration-turns';
import './auto-focus';

// @ts-expect-error compat's types are written as `export =`; the module itself is ES with named exports.
export * from 'preact/compat';
export default { ...compat, useOptimistic, useSyncExternalStore };

/**
 * React 19's hook, which compat lacks. React Router calls it on every render and uses the setter
 * only with `useTransitions`, which this app never turns on: the state passes through.
 */
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => undefined];
}

/**
 * React's rule for hydration, which compat lacks: while the server's page is taken over, a store
 * with a server snapshot reads as the server read it, so each part hydrates against the markup it
 * matches (Preact keeps a hydrated element's attributes as the server wrote them); the browser's
 * own value (reduced motion, a signed-in admin) follows as an ordinary update.
 */
export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  const value = compat.useSyncExternalStore(subscribe, getSnapshot);
  // When hydration ends, only a component whose browser value differs from the server's renders
  // again: every store's reader at once had been one long task at the end of hydration. As in
  // React, getServerSnapshot must return the same value each time: a new object would differ at
  // every check and render again without end while hydrating.
  return compat.useSyncExternalStore(getServerSnapshot ? onHydrationDone : noSubscription, () =>
    getServerSnapshot && !hydrationDone() ? getServerSnapshot() : value,
  );
}

const noSubscription = () => () => undefined;
