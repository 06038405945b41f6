// Bundles the server (src/server/main.ts and the admin command line, src/server/cli.ts) into
// dist/server with esbuild: our code in one file each, packages left to node_modules, so the
// production install needs only the runtime dependencies. The PDF threads' code is an entry of
// its own (pdf-worker.js, beside main.js: decision 090).
import { build } from 'esbuild';

const outdir = process.env.SERVER_OUT_DIR ?? 'dist/server';

await build({
  entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts', 'pdf-worker': 'src/server/pdf/pdf-worker.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Stack traces in logs point at the TypeScript sources.
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`Server bundled into ${outdir}`);
