// What the browser build gets for `import ... from 'react'` (vite.config.ts aliases it): React's
// API from Preact's compat layer, about 10 KiB gzip where React DOM is 64 (decision 055). The
// server still renders with React; Preact takes over (hydrates) the page React wrote.
import * as compat from 'preact/compat';
import './auto-focus';

// @ts-expect-error compat's types are written as `export =`; the module itself is ES with named exports.
export * from 'preact/compat';
export default compat;

/**
 * React 19's hook, which compat lacks. React Router calls it on every render and uses the setter
 * only with `useTransitions`, which this app never turns on: the state passes through.
 */
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, () => undefined];
}
