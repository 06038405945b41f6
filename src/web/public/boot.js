// Starts the site's script once the page as served has been painted. The public pages arrive
// rendered: their text, styles and images come first, then the script that takes the page over
// (on a slow phone network the first paint no longer waits behind 200 KiB of script). The build
// (vite.config.ts, deferredEntry) names the entry and the modules it imports, in the order the
// browser evaluates them, in <meta name="app-entry">.
const entry = document.querySelector('meta[name="app-entry"]');
let started = false;

/**
 * A new task: the browser may paint and answer a tap before the next piece of work. A message
 * rather than a timer, which browsers hold back to 4 ms once timers nest.
 */
const nextTask = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  });

/** Starting a request costs the main thread several milliseconds on a slow phone: a few per task, not 40 in one. */
const REQUESTS_PER_TASK = 4;

async function load() {
  const modules = (entry.dataset.preload ?? '').split(' ').filter(Boolean);
  // A browser without modulepreload (Safari before 17) would fetch the modules one after another
  // below: it imports the entry, which asks for them all at once.
  if (!document.createElement('link').relList?.supports?.('modulepreload')) return import(entry.content);
  // The entry first: the largest, and needed last.
  for (const [i, href] of [entry.content, ...modules].entries()) {
    if (i > 0 && i % REQUESTS_PER_TASK === 0) await nextTask();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // Evaluated one module per task rather than all in one long task (on a phone, one task of
  // several hundred milliseconds in which a tap waits). The order is the one importing the entry
  // would follow, so the same code runs in the same order.
  for (const href of modules) {
    await nextTask();
    await import(href);
  }
  await nextTask();
  return import(entry.content);
}

function start() {
  if (started || !entry) return;
  started = true;
  load().catch((error) => {
    console.error('The site script did not load', error);
    // A page the browser renders has nothing to show without it: say so rather than stay blank.
    const root = document.getElementById('root');
    if (root && !root.hasChildNodes()) {
      root.textContent = 'The page could not be loaded. Please check your connection and reload the page.';
    }
  });
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
