// npm start: builds the front end when it is missing or older than its sources, then runs the
// server (migrations, first admin, demo content, then one Fastify process for the site and API).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const builtIndex = path.resolve('dist/web/index.html');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .filter((name) => !name.endsWith('.test.ts') && !name.endsWith('.test.tsx'))
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt === 0 || sources.some((source) => newestMtime(source) > builtAt)) {
  console.log(
    builtAt === 0 ? 'Building the front end (first start)...' : 'Sources changed since the last build: rebuilding the front end...',
  );
  const build = spawnSync(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Settings come from the environment, or from .env when there is one.
const envFile = fs.existsSync('.env') ? ['--env-file=.env'] : [];
const server = spawn(process.execPath, [...envFile, '--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
