// Starts the site's script once the page as served has been painted. The public pages arrive
// rendered: their text, styles and images come first, then the script that takes the page over
// (on a slow phone network the first paint no longer waits behind 200 KiB of script). The build
// (vite.config.ts, deferredEntry) names the entry and the modules it needs in <meta name="app-entry">.
const entry = document.querySelector('meta[name="app-entry"]');
let started = false;

function start() {
  if (started || !entry) return;
  started = true;
  for (const href of (entry.dataset.preload ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(entry.content);
}

if (!document.getElementById('page-data')) {
  // A page the browser renders (profile, admin): nothing to paint before the script.
  start();
} else {
  // The callback of the second frame runs after the first has been painted; a tab opened in the
  // background paints nothing, so a timer starts the script there too.
  requestAnimationFrame(() => requestAnimationFrame(start));
  setTimeout(start, 1000);
}
