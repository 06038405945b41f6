// Start-to-healthy of the compiled server: wall time from spawn to the first 200 from /api/health,
// the CPU the process spent getting there and its memory then. Measured on a new data folder
// (migrations and demo content) and again on the same folder (an ordinary restart).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

type Start = { wallMs: number; cpuMs: number; rssMiB: number };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** utime + stime and resident memory of a live process, from /proc (Linux). */
function processUsage(pid: number): { cpuMs: number; rssMiB: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { cpuMs: (ticks * 1000) / 100, rssMiB: +((rssPages * 4096) / 1024 / 1024).toFixed(0) };
}

async function startOnce(entry: string, dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((res) => res.ok)
        .catch(() => false);
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const wallMs = Math.round(performance.now() - started);
    return { wallMs, ...processUsage(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function startToHealthy(serverEntry: string): Promise<string[]> {
  if (!fs.existsSync(serverEntry)) return [`  not built: run npm run build (${serverEntry} is missing)`];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  try {
    const first = await startOnce(serverEntry, dataDir);
    const again = await startOnce(serverEntry, dataDir);
    const line = (label: string, s: Start) =>
      `  ${label.padEnd(36)} ${String(s.wallMs).padStart(5)} ms wall   ${String(s.cpuMs).padStart(5)} ms CPU   ${s.rssMiB} MiB RSS`;
    return [line('first start (migrate, seed)', first), line('restart on the same data', again)];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
