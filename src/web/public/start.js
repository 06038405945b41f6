// The first script of every page (decision 160), a classic deferred script so it runs in
// document order with the module scripts and before any of the app's code.
//
// 1. zod builds object parsers with `new Function` unless told not to, and probes whether it may as
//    soon as the first schema is defined (at import time): the probe breaks the Content-Security-
//    Policy (no 'unsafe-eval'). zod reads its settings from this global (see zod/v4/core/core.js).
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

// 2. In the built site the app's code starts once the page has loaded: the page works as HTML
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
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
})();
