import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { chunksImportingEntry, evaluationOrder, type BundleChunks } from './scripts/build/evaluation-order.ts';

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
 * Loads the site's script after the first paint (public/boot.js): the built page names its entry
 * and the modules it statically imports, in evaluation order, in <meta name="app-entry"> instead
 * of loading them from the head. boot.js asks for them all after the first paint, then evaluates
 * them one per task. (Declared in the page, even at low priority, Lighthouse's estimate of the
 * Largest Contentful Paint on a slow network waited for all of them: decisions 051 and 054.)
 */
function deferredEntry(): Plugin {
  return {
    name: 'deferred-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(html);
        if (!entry || !ctx.bundle || !ctx.chunk) throw new Error('index.html: the entry script was not found');
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        let out = html.replace(entry[0], '');
        for (const link of preloads) out = out.replace(link[0], '');
        const importsEntry = chunksImportingEntry(ctx.chunk.fileName, ctx.bundle);
        if (importsEntry.length) throw new Error(`index.html: chunks import the entry's chunk, a deadlock: ${importsEntry.join(' ')}`);
        const ordered = evaluationOrder(ctx.chunk.fileName, ctx.bundle as BundleChunks).map((file) => `/${file}`);
        // Vite's own list is the check: every module the entry imports must be one it would preload.
        const listed = new Set(preloads.map((link) => link[1]));
        const missing = ordered.filter((file) => !listed.has(file));
        if (missing.length) throw new Error(`index.html: the entry imports modules Vite does not preload: ${missing.join(' ')}`);
        const meta = `<meta name="app-entry" content="${entry[1]}" data-preload="${ordered.join(' ')}" />`;
        return out.replace(/\s*<\/head>/, `\n    ${meta}\n    <script type="module" src="/boot.js"></script>\n  </head>`);
      },
    },
  };
}

/**
 * The code every page's first load evaluates (Rolldown's `$initial` modules, found after
 * tree-shaking), in a few chunks of 20-50 KB by what it is (decision 057): boot.js evaluates one
 * chunk per task, and the shared chunk of 100 KB it had been was one task of 150 ms at a slow
 * phone's speed, three times what may pass before a tap is answered. No two of these chunks
 * import each other: the runtime imports nothing of the others, MUI's styles nothing of its
 * components, and the app's own code comes last. The entry (main.tsx) keeps a chunk of its own.
 */
function firstLoadChunk(id: string): string | null {
  if (id === ENTRY || !path.isAbsolute(id)) return null;
  const packageName = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](.*)$/.exec(id);
  if (!packageName) return /src[\\/]web[\\/](browser-runtime|lib[\\/]hydration-turns)/.test(id) ? 'runtime' : 'app';
  // Emotion is taken before this by its own group, first in the list below.
  const [, name, file] = packageName;
  if (name === 'preact') return 'runtime';
  if (name === '@tanstack/query-core' || name === '@tanstack/react-query') return 'query';
  if (name === 'react-router') return 'router';
  if (name === '@mui/system' || name === '@mui/utils' || name === '@mui/styled-engine' || name === '@mui/private-theming')
    return 'mui-system';
  // The theme and what it imports (the components' class names among it); the components apart.
  if (name === '@mui/material')
    return /^(styles|colors|DefaultPropsProvider|zero-styled|GlobalStyles|InitColorSchemeScript)[\\/]|Classes\.mjs$/.test(file!)
      ? 'mui-styles'
      : 'mui-material';
  if (name === '@mui/icons-material') return 'mui-material';
  // Every other package: left to Rolldown, one would land in the entry's chunk, which the app's
  // chunk would then import (the build stops on that: deferredEntry).
  return 'vendor';
}

const ENTRY = fileURLToPath(new URL('./src/web/main.tsx', import.meta.url));

const reachedByPass = new WeakMap<Rolldown.ChunkingContext, Set<string>>();

/**
 * What the entry imports, directly or not, statically: with `$initial` (which alone also took a
 * page's modules that only the entry's static imports re-export, and made the app's chunk import
 * the entry's), what every first load evaluates. Found once per chunking pass.
 */
function reachedStatically(context: Rolldown.ChunkingContext): Set<string> {
  let found = reachedByPass.get(context);
  if (found) return found;
  found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const imported of context.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(ENTRY);
  reachedByPass.set(context, found);
  return found;
}

// WEB_OUT_DIR lets a second checkout or test run build elsewhere (the server's WEB_DIR then points there).
const webOut = process.env.WEB_OUT_DIR ?? '../../dist/web';

// The front end lives in src/web and is built to dist/web, which the Fastify server serves;
// `vite build --ssr` builds the server renderer (entry-server.tsx) beside it, in dist/ssr, with
// every package inside it (the production install has only the server's dependencies).
export default defineConfig(({ command, isSsrBuild, mode }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: isSsrBuild ? [react()] : [react(), deferredEntry(), precompress()],
  ssr: { noExternal: true },
  // In the built site's browser code, React's API comes from Preact's compat layer, 10 KiB gzip
  // where React DOM is 64; the server renders with React, and Preact hydrates it (decision 055).
  // `npm run dev` keeps React, for its fast refresh and warnings; the journeys run the build.
  ...(command === 'build' &&
    !isSsrBuild && {
      resolve: {
        alias: [
          { find: /^react$/, replacement: fileURLToPath(new URL('./src/web/browser-runtime/react.ts', import.meta.url)) },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react-is$/, replacement: fileURLToPath(new URL('./src/web/browser-runtime/react-is.ts', import.meta.url)) },
        ],
      },
    }),
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
    // A page's modules are asked for as its code arrives, not by Vite's preload links made all at
    // once (a burst of requests the main thread starts in one task); a link's page starts loading
    // when the visitor points at it (src/web/app/route-prefetch.ts). Decision 054.
    modulePreload: {
      // No polyfill: boot.js imports the entry itself where modulepreload is unknown. (In the entry's
      // chunk, it ran before every other module, and the app's chunk imported the entry for it.)
      polyfill: false,
      resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: string }) => (hostType === 'html' ? deps : []),
    },
    // Emotion in a chunk of its own: every page that loads MUI loads it, and evaluating the two
    // apart makes two short tasks of one long one (decision 054).
    rolldownOptions: isSsrBuild
      ? undefined
      : {
          output: {
            codeSplitting: {
              // A group takes only the modules its test names; what they import stays in its own chunk.
              includeDependenciesRecursively: false,
              groups: [
                { name: 'emotion', test: /node_modules[\\/](@emotion|stylis)[\\/]/ },
                {
                  name: (id, context) => (reachedStatically(context).has(id) ? firstLoadChunk(id) : null),
                  // A name for the bundler's timing report, which cannot call the function.
                  debugName: 'first-load',
                  tags: ['$initial'],
                },
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
