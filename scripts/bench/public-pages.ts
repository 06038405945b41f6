// The public pages' figures beside Lighthouse's: the served HTML's size, server rendering without
// the page cache, and the first tap that works on a throttled phone (decisions 080-084).
import { get } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { inProcessTransport, loadBuiltRenderer } from '../../src/server/http/pages';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The bytes of an answer as they travel (fetch would decode them), and their encoding. */
function bytesSent(url: string, encoding: string): Promise<{ bytes: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ bytes: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The page as served: raw, and compressed as the server sends it (Brotli) and with gzip. */
export async function servedHtmlSize(origin: string, path: string): Promise<string> {
  const raw = (await bytesSent(`${origin}${path}`, 'identity')).bytes;
  // What the server itself sends to a browser that accepts Brotli (its own compression, kept per page).
  const sent = await bytesSent(`${origin}${path}`, 'br');
  const served = sent.encoding === 'br' ? sent.bytes.length : brotliCompressSync(raw).length;
  return `  served HTML of ${path}: ${kib(raw.length)} KiB raw, ${kib(served)} KiB Brotli as sent, ${kib(gzipSync(raw).length)} KiB gzip (target: at most 12 KiB Brotli)`;
}

/**
 * Server rendering without the page cache: the built renderer called in-process as the server
 * calls it (its API calls answered by the app, no credentials), 10 renders at a time for
 * `seconds`. The page cache keys a page by what it reads, so no address makes it render `/` again.
 */
export async function renderThroughput(app: FastifyInstance, webDir: string, paths: string[], seconds: number): Promise<string[]> {
  const render = await loadBuiltRenderer(webDir);
  if (!render) return ['  (no server renderer in dist/ssr: run npm run build)'];
  const transport = inProcessTransport(app);
  const lines: string[] = [];
  for (const path of paths) {
    const url = new URL(path, 'http://localhost');
    const times: number[] = [];
    const end = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await render(url, transport);
        times.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    times.sort((a, b) => a - b);
    lines.push(
      `  ${`${path} (rendered, no page kept)`.padEnd(60)} ${String(Math.round(times.length / seconds)).padStart(6)} renders/s   p50 ${Math.round(times[Math.floor(times.length / 2)] ?? 0)} ms   p99 ${Math.round(times[Math.floor(times.length * 0.99)] ?? 0)} ms`,
    );
  }
  return lines;
}

type Tap = { firstPaintMs: number; workedMs: number | null; tries: number };

/** A phone: 4x slower CPU and slow 4G (150 ms round trip, 1.6 Mbps down), as Lighthouse's mobile preset. */
async function phonePage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return { page, close: () => browser.close() };
}

/** Milliseconds since the page's navigation started, as the page counts them. */
const pageNow = (page: Page) => page.evaluate(() => performance.now());
/**
 * The first page's first contentful paint, kept in the tab's session storage by an init script:
 * a tap that works may already have left that page (the sign-in link) when the paint is read.
 */
const keepFirstPaint = (page: Page) =>
  page.addInitScript(() => {
    new PerformanceObserver((list) => {
      const paint = list.getEntriesByName('first-contentful-paint')[0];
      if (paint && !sessionStorage.getItem('bench-first-paint')) sessionStorage.setItem('bench-first-paint', String(paint.startTime));
    }).observe({ type: 'paint', buffered: true });
  });
const firstPaint = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem('bench-first-paint') ?? Number.NaN));

/**
 * Taps as soon as the control shows, again and again until one works: the time of the tap that
 * worked, from the start of the navigation (and the first paint, for comparison).
 */
async function firstWorkingTap(
  origin: string,
  path: string,
  tap: (page: Page) => Promise<void>,
  worked: (page: Page) => Promise<boolean>,
): Promise<Tap> {
  const { page, close } = await phonePage();
  try {
    await keepFirstPaint(page);
    await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
    let tries = 0;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const at = await pageNow(page).catch(() => Number.NaN);
      tries++;
      await tap(page).catch(() => undefined);
      if (await worked(page)) {
        // A tap may work before the page has painted at all: then its first paint is the next page's.
        await within(10_000, async () => Number.isFinite(await firstPaint(page)));
        return { firstPaintMs: await firstPaint(page).catch(() => Number.NaN), workedMs: at, tries };
      }
    }
    return { firstPaintMs: await firstPaint(page).catch(() => Number.NaN), workedMs: null, tries };
  } finally {
    await close();
  }
}

/** Waits up to `ms` for `condition`, polling: a tap's effect may take a moment on a slow phone. */
async function within(ms: number, condition: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  do {
    if (await condition().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < end);
  return false;
}

const median = (values: number[]) => {
  const known = values.filter(Number.isFinite).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)]! : Number.NaN;
};

/** The menu, the news category filter and Sign in, each tapped from the moment it shows: median of `runs`. */
export async function firstTaps(origin: string, category: string, runs = 3): Promise<string[]> {
  const controls: [string, string, (page: Page) => Promise<void>, (page: Page) => Promise<boolean>][] = [
    [
      'the menu',
      '/',
      async (page) => {
        await page.getByRole('button', { name: 'Open menu' }).tap({ timeout: 30_000 });
      },
      (page) => within(1500, () => page.getByRole('dialog', { name: 'Menu' }).isVisible()),
    ],
    [
      'the category filter',
      '/news',
      async (page) => {
        const select = page.getByLabel('Category');
        await select.waitFor({ timeout: 30_000 });
        await select.selectOption('');
        await select.selectOption(category);
        // Without the script the filter is a form with a Show button; with it, choosing is enough.
        const show = page.getByRole('button', { name: 'Show' });
        if (await show.isVisible()) await show.tap();
      },
      (page) => within(1500, async () => page.url().includes('category=')),
    ],
    [
      'Sign in',
      '/',
      async (page) => {
        // The phone's Sign in is the header's icon (named by its label); the wide header's copy is
        // in the page too, hidden once the stylesheet has arrived.
        await page.getByLabel('Sign in').tap({ timeout: 30_000 });
      },
      (page) => within(1500, async () => new URL(page.url()).pathname === '/signIn'),
    ],
  ];
  const lines: string[] = [];
  for (const [name, path, tap, worked] of controls) {
    const results: Tap[] = [];
    for (let i = 0; i < runs; i++) results.push(await firstWorkingTap(origin, path, tap, worked));
    const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : 'never');
    lines.push(
      `  ${name.padEnd(20)} first tap that works at ${s(median(results.map((r) => r.workedMs ?? Number.NaN)))}, first paint at ${s(median(results.map((r) => r.firstPaintMs)))} (taps per run: ${results.map((r) => r.tries).join(', ')})`,
    );
  }
  return lines;
}
