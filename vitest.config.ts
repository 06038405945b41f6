import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // No test waits on a clock a busy machine can reach: 10 minutes only ends a test that hangs
    // (two full runs side by side on two cores take some 15 minutes in all; a test, seconds).
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // The API tests wait on their database, sockets and worker threads about as much as they
    // compute, so a worker per core is not enough: on two cores (where Vitest's default is one
    // worker) two took the SQLite suite from 170 to 110 s and the PostgreSQL one from 136 to 92 s.
    // TEST_WORKERS sets it (`npm test` gives the PostgreSQL suite one while lint and tsc run).
    maxWorkers: Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
    // The design tokens are read as text by the MUI theme (app/theme.ts): Vitest otherwise
    // answers every CSS file, even one asked for `?raw`, with an empty string.
    css: { include: [/tokens\.css/] },
    projects: [
      {
        // The server's tests each build their own app on their own database, and leave no state in
        // modules: one worker runs file after file on the modules it has loaded instead of loading
        // the whole server again for every file (a third of the suite's time).
        extends: true,
        test: { name: 'server', include: ['src/server/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: ['src/server/**'], environment: 'node' },
      },
      {
        // React components and pages in jsdom with Testing Library (decision record 035).
        extends: true,
        test: {
          name: 'component',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/testing/setup.ts'],
          // mui-tiptap's package points Node at its CommonJS build, which loads a second copy of
          // tiptap and ProseMirror beside the ES modules the editor imports (the two clash over
          // plugin keys): its ES build, as the browser gets it.
          alias: [
            { find: /^mui-tiptap$/, replacement: fileURLToPath(new URL('node_modules/mui-tiptap/dist/esm/index.js', import.meta.url)) },
          ],
          server: { deps: { inline: ['mui-tiptap'] } },
        },
      },
    ],
  },
});
