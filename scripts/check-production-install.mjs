// Proves the deployment README describes: the built output plus `npm ci --omit=dev` starts on its
// own and answers /api/health, serves the front end, and stops cleanly on SIGTERM.
// Run after `npm run build` (CI runs it after npm test).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'production-install-'));
const fail = (message) => {
  console.error(`Production install check failed: ${message}`);
  process.exit(1);
};
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

for (const needed of ['dist/server/main.js', 'dist/web/index.html'])
  if (!fs.existsSync(needed)) fail(`${needed} is missing: run npm run build first`);
for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(file, path.join(dir, file));
fs.cpSync('dist', path.join(dir, 'dist'), { recursive: true });
fs.mkdirSync(path.join(dir, 'scripts'));
fs.copyFileSync('scripts/run-server.mjs', path.join(dir, 'scripts', 'run-server.mjs'));

let started = performance.now();
const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
if (install.status !== 0) fail('npm ci --omit=dev failed');
const du = spawnSync('du', ['-sm', path.join(dir, 'node_modules')], { encoding: 'utf8' }).stdout.split('\t')[0];
console.log(`npm ci --omit=dev: ${((performance.now() - started) / 1000).toFixed(1)} s, node_modules ${du} MB`);
if (fs.existsSync(path.join(dir, 'node_modules', 'react')) || fs.existsSync(path.join(dir, 'node_modules', 'vite'))) {
  fail('front-end or build packages were installed as runtime dependencies');
}

const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
started = performance.now();
const site = spawn('npm', ['start'], {
  cwd: dir,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => site.once('exit', (code, signal) => resolve({ code, signal })));
let healthy = false;
while (!healthy && performance.now() - started < 60_000 && site.exitCode === null) {
  healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
    .then((res) => res.ok)
    .catch(() => false);
  if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100));
}
if (!healthy) fail('the site did not answer /api/health within 60 s');
console.log(`npm start: healthy after ${((performance.now() - started) / 1000).toFixed(1)} s`);
const home = await fetch(`http://127.0.0.1:${port}/`);
if (!home.ok || !(await home.text()).includes('<div id="root">')) fail(`the home page answered ${home.status}`);

site.kill('SIGTERM');
const timeout = setTimeout(() => fail('npm start did not stop within 20 s of SIGTERM'), 20_000);
const { code, signal } = await exited;
clearTimeout(timeout);
if (code !== 0) fail(`npm start ended with ${code ?? signal} after SIGTERM`);
const stillListening = await fetch(`http://127.0.0.1:${port}/api/health`).then(
  () => true,
  () => false,
);
if (stillListening) fail('something still answers on the port after npm start stopped');
console.log('Production install: started, served /api/health and /, stopped cleanly on SIGTERM.');
