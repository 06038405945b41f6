// What the browser build gets for `react-is` (vite.config.ts): the few checks MUI and Emotion ask
// of it, answered for Preact's elements. React's own react-is looks for React 19's element marker,
// which Preact's elements do not carry, so its `isFragment` never matched (decision 055).
import { isFragment, isMemo, isValidElement } from 'preact/compat';

export { isFragment, isMemo, isValidElement as isElement };

/** The markers compat's forwardRef and React's memo put on a component ($$typeof). */
export const ForwardRef = Symbol.for('react.forward_ref');
export const Memo = Symbol.for('react.memo');

/** What React can render as an element's type: a tag name, a component, or a marked object. */
export function isValidElementType(type: unknown): boolean {
  return typeof type === 'string' || typeof type === 'function' || (typeof type === 'object' && type !== null && '$$typeof' in type);
}
