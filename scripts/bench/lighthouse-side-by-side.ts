// Lighthouse on two builds side by side, its runs interleaved (A, B, A, B, ...) so both meet the
// same load on a shared machine: `node --import tsx scripts/bench/lighthouse-side-by-side.ts
// <tree A> <tree B> [runs]`, each tree a checkout with `npm run build` done (its dist/server and
// dist/web). Each tree's compiled server runs on its own fresh SQLite database with the demo
// content; the pages are those of `npm run bench` (decision 210).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM, FLAGS, median, runOnce, warmPictures, type Run } from './lighthouse';

const [treeA, treeB, runsArg] = process.argv.slice(2);
if (!treeA || !treeB) {
  console.error('Usage: lighthouse-side-by-side.ts <tree A> <tree B> [runs, 5 by default]');
  process.exit(2);
}
const RUNS = Number(runsArg ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A tree's compiled server on a free port, healthy, with the demo content. */
async function start(tree: string): Promise<{ origin: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'side-by-side-'));
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.resolve(tree, 'dist/server/main.js')], {
    cwd: tree,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'on',
      PAYMENTS: 'test',
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server of ${tree} stopped`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { origin, child, dataDir };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The seven pages of `npm run bench`, by kind: each server has its own ids. */
async function pagesOf(origin: string): Promise<Map<string, string>> {
  const article = ((await (await fetch(`${origin}/api/articles`)).json()) as { items: { _id: string }[] }).items[0];
  const events = (await (await fetch(`${origin}/api/events`)).json()) as { _id: string; booking_state: string }[];
  const event = events.find((each) => each.booking_state === 'open');
  return new Map([
    ['/', '/'],
    ['/events', '/events'],
    ...(event ? [['an event', `/events/${event._id}`] as [string, string]] : []),
    ['/news', '/news'],
    ...(article ? [['an article', `/article/${article._id}`] as [string, string]] : []),
    ['/signIn', '/signIn'],
    ['/register', '/register'],
  ]);
}

const servers = [await start(treeA), await start(treeB)];
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
try {
  const pages = await Promise.all(servers.map((server) => pagesOf(server.origin)));
  console.log(`Lighthouse 12, mobile preset, median of ${RUNS} runs each, interleaved; A = ${treeA}, B = ${treeB}:`);
  for (const [kind, pathA] of pages[0]!) {
    const paths = [pathA, pages[1]!.get(kind)];
    if (!paths[1]) continue;
    const runs: Run[][] = [[], []];
    for (const which of [0, 1]) await warmPictures(`${servers[which]!.origin}${paths[which]}`);
    for (let i = 0; i < RUNS; i++)
      for (const which of [0, 1]) runs[which]!.push(await runOnce(`${servers[which]!.origin}${paths[which]}`, chrome.port));
    for (const which of [0, 1]) {
      const m = (pick: (run: Run) => number) => median(runs[which]!.map(pick));
      console.log(
        `  ${which ? 'B' : 'A'} ${kind.padEnd(12)} Performance ${m((r) => r.performance)}   LCP ${Math.round(m((r) => r.lcpMs))} ms   TBT ${Math.round(m((r) => r.tbtMs))} ms   CLS ${m((r) => r.cls).toFixed(3)}   A11y ${m((r) => r.accessibility)}   Best practices ${m((r) => r.bestPractices)}   SEO ${m((r) => r.seo)}   (LCP of each run: ${runs[which]!.map((r) => Math.round(r.lcpMs)).join(', ')})`,
      );
    }
  }
} finally {
  chrome.kill();
  for (const server of servers) {
    const stopped = new Promise((resolve) => server.child.once('exit', resolve));
    if (server.child.exitCode === null && server.child.kill('SIGTERM')) await stopped;
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}
