// The first script of every page (decision 160), a classic deferred script so it runs in
// document order with the module scripts and before any of the app's code.
//
// 1. zod builds object parsers with `new Function` unless told not to, and probes whether it may as
//    soon as the first schema is defined (at import time): the probe breaks the Content-Security-
//    Policy (no 'unsafe-eval'). zod reads its settings from this global (see zod/v4/core/core.js).
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

// 2. In the built site the app's code starts once the page has loaded and painted: the page works as HTML
//    until then (decision 082), and its text and images are not kept waiting behind 100 KiB of
//    script on a slow phone. The build names the entry and its first-load modules here; in
//    `npm run dev` there are none and index.html loads the app itself.
(() => {
  const { entry, preload } = document.currentScript?.dataset ?? {};
  if (!entry) return;
  const start = () => {
    for (const href of (preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // Once the page has loaded and shown its first content (decision 210): `load` often comes
  // before the first paint, and script fetched and run then holds that paint (and the page's
  // largest picture) back. A hidden tab paints nothing, and a browser without paint timing does
  // not say: they start at load; so does a page whose paint is not seen within a second of it.
  let loaded = document.readyState === 'complete';
  let painted = document.visibilityState === 'hidden' || !globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint');
  let started = false;
  const startOnce = () => {
    if (loaded && painted && !started) {
      started = true;
      start();
    }
  };
  if (!painted) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      painted = true;
      startOnce();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  const onLoad = () => {
    loaded = true;
    startOnce();
    setTimeout(() => {
      painted = true;
      startOnce();
    }, 1000);
  };
  if (loaded) onLoad();
  else addEventListener('load', onLoad, { once: true });
})();
