// npm start / npm run admin / npm run backup: runs the compiled server (dist/server/<entry>.js) in
// this very process, so signals reach the server directly and nothing is left behind. Where the
// build tools are installed (a development checkout) it first builds what is missing or older
// than its sources; a production install (npm ci --omit=dev) runs what was built.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry = 'main', ...args] = process.argv.slice(2);
const serverDir = path.resolve(process.env.SERVER_OUT_DIR ?? 'dist/server');
const webIndex = path.resolve(process.env.WEB_DIR ?? 'dist/web', 'index.html');
const canBuild = fs.existsSync('node_modules/vite') && fs.existsSync('node_modules/esbuild');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .filter((name) => !/\.test\.tsx?$/.test(name))
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const stale = (built, sources) => mtime(built) === 0 || sources.some((source) => newestMtime(source) > mtime(built));

function run(command, commandArgs, what) {
  console.log(what);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const serverEntry = path.join(serverDir, `${entry}.js`);
if (canBuild) {
  const shared = ['src/shared', 'package-lock.json'];
  // The front end and its server renderer (dist/ssr, beside it) are built together: the page the
  // server renders must be the one the browser's code takes over.
  const ssrEntry = path.join(path.dirname(webIndex), '..', 'ssr', 'entry-server.js');
  if (entry === 'main' && (stale(webIndex, ['src/web', 'vite.config.ts', 'scripts/build', ...shared]) || mtime(ssrEntry) === 0)) {
    run(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], 'Building the front end...');
    run(path.resolve('node_modules/.bin/vite'), ['build', '--ssr', '--logLevel', 'warn'], 'Building its server renderer...');
  }
  if (stale(serverEntry, ['src/server', 'scripts/build-server.mjs', ...shared])) {
    run(process.execPath, ['scripts/build-server.mjs'], 'Building the server...');
  }
} else if (!fs.existsSync(serverEntry) || (entry === 'main' && !fs.existsSync(webIndex))) {
  console.error(
    `${serverEntry} or ${webIndex} is missing. Build once with "npm ci && npm run build" and copy dist/ here (README: Deploying).`,
  );
  process.exit(1);
}

// The entry reads its own arguments as if it had been started directly.
process.argv = [process.argv[0], serverEntry, ...args];
await import(pathToFileURL(serverEntry).href);
