// Starts the real server for the browser journeys on a fresh, throwaway data directory.
// playwright.config.ts passes PORT, PUBLIC_URL and the admin account through the environment.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
const port = process.env.PORT ?? '8123';

// The journeys test the compiled server, as it runs in production (npm test builds it first).
const serverEntry = path.resolve(process.env.SERVER_OUT_DIR ?? 'dist/server', 'main.js');
if (!fs.existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: run "npm run build" before the journeys.`);
  process.exit(1);
}
const child = spawn(process.execPath, [serverEntry], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'on',
    // Journeys sign in many times; production-strength scrypt is checked by a unit test instead.
    PASSWORD_HASH_COST: '10',
    // Journeys read the mail they cause (welcome, reset link) from the outbox.
    E2E_OUTBOX: 'on',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // As behind a reverse proxy: each journey sends its own X-Forwarded-For (e2e/fixtures.ts), so
    // per-address limits (sign-in, donations, card attempts) never carry over between journeys or runs.
    TRUST_PROXY: 'loopback',
    // Never reach real providers from the journeys.
    PAYMENTS: 'test',
    STRIPE_SECRET_KEY: '',
    STRIPE_PUBLISHABLE_KEY: '',
    SMTP_URL: '',
    DATABASE_URL: '',
  },
});

function removeDataDir() {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 0 : 1));
});
