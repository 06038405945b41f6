// Lighthouse 12, mobile preset (its default), on Debian's Chromium: the median of 3 runs for each
// public page, and the JavaScript the first load of / fetches (gzip, as a budget is usually given).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scripts: string[];
  /** Bytes of web fonts the page fetched (the Armenian font is for Armenian pages only, decision 151). */
  fontBytes: number;
};

/** The median of the runs that gave a figure (a run may fail to report one metric: NaN). */
const median = (values: number[]) => {
  const known = values.filter(Number.isFinite).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)]! : NaN;
};

async function runOnce(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
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
    fontBytes: requests.filter((r) => r.resourceType === 'Font').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

/** The gzip size of the scripts a page loaded, read from the build (what the server sends as .gz). */
function gzipKiB(scripts: string[], webDir: string): number {
  const bytes = scripts.reduce((sum, url) => {
    const file = path.join(webDir, new URL(url).pathname);
    return fs.existsSync(file) ? sum + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length : sum;
  }, 0);
  return +(bytes / 1024).toFixed(1);
}

export async function lighthouseRuns(origin: string, paths: string[], webDir: string): Promise<string[]> {
  if (!fs.existsSync(CHROMIUM)) return [`  (no Chromium at ${CHROMIUM}: Lighthouse skipped)`];
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const lines: string[] = [];
  try {
    for (const page of paths) {
      const runs: Run[] = [];
      // Runs interleave nothing else; the first run warms the server's caches like any visit would.
      for (let i = 0; i < RUNS; i++) runs.push(await runOnce(`${origin}${page}`, chrome.port));
      const m = (pick: (run: Run) => number) => median(runs.map(pick));
      lines.push(
        `  ${page.padEnd(50)} Performance ${m((r) => r.performance)}   LCP ${Math.round(m((r) => r.lcpMs))} ms   TBT ${Math.round(m((r) => r.tbtMs))} ms   CLS ${m((r) => r.cls).toFixed(3)}   A11y ${m((r) => r.accessibility)}   Best practices ${m((r) => r.bestPractices)}   SEO ${m((r) => r.seo)}   fonts ${(m((r) => r.fontBytes) / 1024).toFixed(1)} KiB`,
      );
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
