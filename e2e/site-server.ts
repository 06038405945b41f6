import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-env';

/** A port nothing listens on now (the system's choice). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type SiteServer = { url: string; stop(): Promise<void> };

/**
 * Another built server beside the journeys' own (start-server.mjs), on a port of its own and a
 * throwaway data directory, with settings of its own (e.g. Stripe mode): the journeys' settings
 * otherwise, the admin account included. Started by a journey, stopped by it.
 */
export async function startSiteServer(settings: Record<string, string>): Promise<SiteServer> {
  const serverEntry = path.resolve(process.env.SERVER_OUT_DIR ?? 'dist/server', 'main.js');
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run "npm run build" before the journeys.`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-site-'));
  const child = spawn(process.execPath, [serverEntry], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'on',
      PASSWORD_HASH_COST: '10',
      E2E_OUTBOX: 'on',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      TRUST_PROXY: 'loopback',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SMTP_URL: '',
      DATABASE_URL: '',
      ...settings,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Up once it answers its health check (the first start migrates and seeds the database).
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server stopped at start (exit ${child.exitCode})`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server at ${url} did not become healthy`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
