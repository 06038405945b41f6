import { options, type VNode } from 'preact';

type Ref = ((element: Element | null) => unknown) | { current: Element | null };

// React focuses an element rendered with `autoFocus` when it mounts; Preact only sets the HTML
// attribute, which a browser honours at page load and not in a dialog opened later. So an element
// with autoFocus gets a ref that focuses it once, when it is first attached. The ref wrapping a
// given ref is made once, so re-renders do not detach and reattach it.
const focused = new WeakSet<Element>();
const wrapped = new WeakMap<object, Ref>();

function focusOnce(element: Element | null) {
  if (!element || focused.has(element)) return;
  focused.add(element);
  (element as HTMLElement).focus();
}

function withFocus(ref: Ref | null | undefined): Ref {
  if (!ref) return focusOnce;
  let both = wrapped.get(ref);
  if (!both) {
    both = (element: Element | null) => {
      if (typeof ref === 'function') ref(element);
      else ref.current = element;
      focusOnce(element);
    };
    wrapped.set(ref, both);
  }
  return both;
}

const previous = options.vnode?.bind(options);
options.vnode = (vnode: VNode) => {
  previous?.(vnode);
  const props = vnode.props as { autoFocus?: unknown };
  if (typeof vnode.type === 'string' && props.autoFocus) (vnode as { ref?: Ref }).ref = withFocus((vnode as { ref?: Ref }).ref);
};
