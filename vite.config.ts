import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes brotli and gzip copies of the built scripts, styles and SVGs beside them, which the
 * server sends as they are (no compressing per request: the bundle went out in 10 ms, not 100).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg)$/.test(file) || fs.statSync(file).size < 1024) continue;
        const data = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The built page names its entry and first-load modules to `start.js` instead of loading them from
 * the head: the app's code is asked for once the page has loaded (decision 160).
 */
function startAfterLoad(): Plugin {
  return {
    name: 'start-after-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (!entry) throw new Error('start-after-load: the built index.html has no entry script');
        const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        let out = html.replace(entry[0], '');
        for (const link of preloads) out = out.replace(link[0], '');
        const loader = '<script defer src="/start.js"></script>';
        if (!out.includes(loader)) throw new Error('start-after-load: index.html does not load /start.js');
        const names = preloads.map((link) => link[1]).join(' ');
        return out.replace(loader, `<script defer src="/start.js" data-entry="${entry[1]}" data-preload="${names}"></script>`);
      },
    },
  };
}

// WEB_OUT_DIR lets a second checkout or test run build elsewhere (the server's WEB_DIR then points there).
const webOut = process.env.WEB_OUT_DIR ?? '../../dist/web';

// The front end lives in src/web and is built to dist/web, which the Fastify server serves;
// `vite build --ssr` builds the server renderer (entry-server.tsx) beside it, in dist/ssr, with
// every package inside it (the production install has only the server's dependencies).
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: isSsrBuild ? [react()] : [react(), startAfterLoad(), precompress()],
  ssr: { noExternal: true },
  // The server renderer bundles React, MUI and Emotion: build them as for production, not as the
  // server process's NODE_ENV says. Otherwise React renders in development mode and MUI labels
  // every class (css-5c1adp-MuiContainer-root), so no class matched the browser's and Emotion
  // inserted every style a second time while hydrating.
  ...(isSsrBuild && mode === 'production' && { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  build: {
    outDir: isSsrBuild ? path.join(webOut, '..', 'ssr') : webOut,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Every browser the site supports knows modulepreload: no polyfill in the entry. The page's
    // own links preload what the first load needs; a later page's modules are asked for as its
    // code arrives (its code starts loading when a link to it is pointed at: route-prefetch.ts),
    // rather than listed in the first load's code for every page of the site.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: string }) => (hostType === 'html' ? deps : []),
    },
    // The public pages' CSS (CSS Modules, decision 081) in one file the page links in its head:
    // a page rendered on the server is styled before any script runs, whichever page it is.
    cssCodeSplit: false,
    // Fewer, larger files for every first load: compressed together they are smaller than the
    // fifty small chunks Rolldown would make. What only later pages use keeps its own chunks.
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, tags: ['$initial'] },
                // Not the entry itself: a page's chunk imports the shell, and the entry waits for the page.
                { name: 'shell', test: /^(?!.*src[\\/]web[\\/]main\.tsx$)/, tags: ['$initial'] },
              ],
            },
          },
        },
    ...(isSsrBuild && { rollupOptions: { input: 'src/web/entry-server.tsx', output: { entryFileNames: 'entry-server.js' } } }),
  },
  server: {
    port: 5173,
    // npm run dev runs the API server on PORT (8000 unless set).
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8000}` },
  },
}));
