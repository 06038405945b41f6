/**
 * The menu drawer and the committee's dialogs are popovers (decision 082): the browser opens
 * and closes them without a script. Each is `hidden` too, so a browser without popovers (Safari
 * before 17) shows none of them in the page; there the script opens and closes them by that
 * attribute instead.
 */
const supported = () => typeof HTMLElement !== 'undefined' && 'popover' in HTMLElement.prototype;

export function showPopover(element: HTMLElement | null): void {
  if (!element) return;
  if (supported()) element.showPopover();
  else element.hidden = false;
}

export function hidePopover(element: HTMLElement | null): void {
  if (!element) return;
  if (supported()) element.hidePopover();
  else element.hidden = true;
}

/** Without popovers: a button naming one (`popovertarget`) shows, hides or toggles it. Returns a function that stops. */
export function popoverFallback(root: Document = document): () => void {
  if (supported()) return () => undefined;
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('[popovertarget]') : null;
    const target = button ? root.getElementById(button.getAttribute('popovertarget') ?? '') : null;
    if (!target) return;
    const action = button!.getAttribute('popovertargetaction') ?? 'toggle';
    if (action === 'show' || (action === 'toggle' && target.hidden)) showPopover(target);
    else hidePopover(target);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
