import { matchRoutes, type RouteObject } from 'react-router';
import { withoutLanguage } from '../../shared/domain/language';
import { loadPage } from './browser-routes';

/**
 * Starts loading a public page's code when a visitor shows the intent to open it: a pointer over a
 * link to it, a finger down on it, or the keyboard's focus. The build asks for a page's modules as
 * its code arrives rather than all at once beforehand (decision 054), so without this the first
 * visit to a kind of page would wait a round trip or two longer after the click. Only the public
 * pages (those with page data, the ones visitors move between): not the catch-all, not files such
 * as the feeds, not the editor or back office, whose code is large and is loaded on the click.
 * `onFirstUse` runs once, at the first such intent on a link or a control (a button, a field): what
 * the page needs once a visitor starts using it. Returns a function that stops listening.
 */
export function prefetchRoutesOnIntent(routes: RouteObject[], root: Document = document, onFirstUse?: () => void): () => void {
  const started = new Set<string>();
  let used = false;
  const onIntent = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!used && onFirstUse && target?.closest('a[href], button, input, select, textarea, summary')) {
      used = true;
      onFirstUse();
    }
    const link = target ? target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target === '_blank') return;
    const path = link.pathname;
    if (started.has(path)) return;
    // An Armenian address is the same page (decision 150).
    const matches = matchRoutes(routes, withoutLanguage(path)) ?? [];
    const page = matches.at(-1)?.route;
    if (!page?.handle || page.path === '*') return;
    started.add(path);
    for (const { route } of matches) {
      // The page asks loadPage too when the link is followed: the module is loaded once.
      // A failure is left to that call; the next intent tries again.
      if (typeof route.lazy === 'function') void loadPage(route.lazy as Parameters<typeof loadPage>[0]).catch(() => started.delete(path));
    }
  };
  const types = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const type of types) root.addEventListener(type, onIntent, { passive: true, capture: true });
  return () => {
    for (const type of types) root.removeEventListener(type, onIntent, { capture: true });
  };
}
