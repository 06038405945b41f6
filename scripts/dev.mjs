// npm run dev: Vite with hot reload on http://localhost:5173 (it proxies /api to the server) and
// the API server on :8000, restarted by tsx whenever a server file changes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const envFile = fs.existsSync('.env') ? ['--env-file=.env'] : [];
// Links in e-mails should open the hot-reloading front end, unless .env or the shell says otherwise.
const publicUrlInEnvFile = envFile.length > 0 && /^\s*PUBLIC_URL\s*=\s*\S/m.test(fs.readFileSync('.env', 'utf8'));
const env = { ...process.env };
if (!env.PUBLIC_URL && !publicUrlInEnvFile) env.PUBLIC_URL = 'http://localhost:5173';
const children = [
  spawn(path.resolve('node_modules/.bin/vite'), [], { stdio: 'inherit', env }),
  spawn(path.resolve('node_modules/.bin/tsx'), ['watch', '--clear-screen=false', ...envFile, 'src/server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
];
const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
