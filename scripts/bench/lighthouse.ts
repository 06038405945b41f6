// Lighthouse 12, mobile preset (its default), on Debian's Chromium: the median of 3 runs for each
// public page, and the JavaScript the first load of / fetches (gzip, as a budget is usually given).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const RUNS = 3;
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scripts: string[];
  /** The largest paint's element, the image it drew (its address as fetched, and bytes), and its phases. */
  lcp: string;
  /** Bytes of web fonts the page fetched (the Armenian font is for Armenian pages only, decision 151). */
  fontBytes: number;
};

/** The median of the runs that gave a figure (a run may fail to report one metric: NaN). */
export const median = (values: number[]) => {
  const known = values.filter(Number.isFinite).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)]! : NaN;
};

export async function runOnce(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  // A category a run could not score (an audit it needs failed, as on a machine too busy for the
  // trace) is no figure, not a 0: the median is taken over the runs that gave one.
  const score = (id: string) => {
    const value = categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : NaN;
  };
  const requests =
    (audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)
      ?.items ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    scripts: requests.filter((r) => r.resourceType === 'Script').map((r) => r.url),
    lcp: largestPaint(audits, requests),
    fontBytes: requests.filter((r) => r.resourceType === 'Font').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];

/**
 * What the largest paint was and where its time went, from Lighthouse's LCP element audit (a table
 * naming the element, then one of its phases): TTFB, load delay (the image asked for after the
 * page's first byte), load time and render delay. For an image, the copy the browser fetched.
 */
function largestPaint(audits: Audits, requests: { url: string; resourceType?: string; transferSize?: number }[]): string {
  type Table = { items?: Record<string, unknown>[] };
  const tables = (audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node as { snippet?: string; selector?: string } | undefined;
  if (!node) return 'no largest paint reported';
  const snippet = node.snippet ?? '';
  const element = /^<(\w+)/.exec(snippet)?.[1] ?? '?';
  const className = /class="([^"]*)"/.exec(snippet)?.[1]?.split(' ')[0];
  const src = /src="([^"]*)"/.exec(snippet)?.[1];
  // An uploaded image is fetched as one of its copies: the request naming the same image.
  const id = src ? /\/api\/images\/([0-9a-f-]{36})/.exec(src)?.[1] : undefined;
  const fetched = src ? requests.find((r) => r.resourceType === 'Image' && r.url.includes(id ?? src)) : undefined;
  const image = fetched
    ? ` ${new URL(fetched.url).pathname.replace(/[0-9a-f-]{36}/, '…')} ${((fetched.transferSize ?? 0) / 1024).toFixed(1)} KiB`
    : '';
  const phases = (tables[1]?.items ?? []).map((row) => `${String(row.phase)} ${Math.round(Number(row.timing))}`).join(', ');
  return `${element}${className ? `.${className}` : ''}${image}; ${phases} ms`;
}

/** The gzip size of the scripts a page loaded, read from the build (what the server sends as .gz). */
function gzipKiB(scripts: string[], webDir: string): number {
  const bytes = scripts.reduce((sum, url) => {
    const file = path.join(webDir, new URL(url).pathname);
    return fs.existsSync(file) ? sum + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : sum;
  }, 0);
  return +(bytes / 1024).toFixed(1);
}

/**
 * Asks once for every picture copy a page offers (each width and format of its srcsets): a new
 * demo site makes its pictures' copies on their first request (decision 210), and a run that waited
 * for one would time the encoder, not the page a visitor meets.
 */
export async function warmPictures(url: string): Promise<void> {
  const html = await (await fetch(url)).text();
  const sets = [...html.matchAll(/\bsrcset="([^"]+)"/gi)].flatMap((match) => match[1]!.split(','));
  const addresses = new Set(sets.map((candidate) => candidate.trim().split(/\s+/)[0]!).filter(Boolean));
  for (const address of addresses) await (await fetch(new URL(address.replaceAll('&amp;', '&'), url))).arrayBuffer();
}

export async function lighthouseRuns(origin: string, paths: string[], webDir: string): Promise<string[]> {
  if (!fs.existsSync(CHROMIUM)) return [`  (no Chromium at ${CHROMIUM}: Lighthouse skipped)`];
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const lines: string[] = [];
  try {
    for (const page of paths) {
      const runs: Run[] = [];
      // Runs interleave nothing else; the first run warms the server's caches like any visit would.
      await warmPictures(`${origin}${page}`);
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(`${origin}${page}`, chrome.port));
      const m = (pick: (run: Run) => number) => median(runs.map(pick));
      const unscored = runs.filter((run) => [run.performance, run.accessibility, run.bestPractices, run.seo].some(Number.isNaN)).length;
      lines.push(
        `  ${page.padEnd(50)} Performance ${m((r) => r.performance)}   LCP ${Math.round(m((r) => r.lcpMs))} ms   TBT ${Math.round(m((r) => r.tbtMs))} ms   CLS ${m((r) => r.cls).toFixed(3)}   A11y ${m((r) => r.accessibility)}   Best practices ${m((r) => r.bestPractices)}   SEO ${m((r) => r.seo)}   fonts ${(m((r) => r.fontBytes) / 1024).toFixed(1)} KiB`,
      );
      // The run whose LCP was the median's: what painted and where the time went.
      const medianRun = runs.find((run) => run.lcpMs === m((r) => r.lcpMs)) ?? runs[0]!;
      lines.push(`    largest paint: ${medianRun.lcp}`);
      if (unscored) lines.push(`    (${unscored} of ${RUNS} runs left a category unscored: the median is of the others)`);
      if (page === '/')
        lines.push(
          `  first-load JavaScript of / (every script fetched by network idle): ${gzipKiB(runs[0]!.scripts, webDir)} KiB gzip in ${runs[0]!.scripts.length} files (target at most 100 KiB)`,
        );
    }
  } finally {
    chrome.kill();
  }
  lines.push(
    '  (targets: Performance 100, LCP at most 1.2 s, TBT at most 50 ms, CLS at most 0.01, the others 100; fonts: none on English pages, at most 30 KiB on Armenian ones)',
  );
  return lines;
}
