import fs from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';

const START = fs.readFileSync(new URL('./start.js', import.meta.url), 'utf8');

/**
 * A built page as the server sends it, naming the entry and a first-load module to start.js. The
 * script is inline at the end (so jsdom runs it, after the page is parsed, as `defer` does).
 */
function page(root: string) {
  const dom = new JSDOM(
    `<!doctype html><html><head></head><body><div id="root">${root}</div>` +
      `<script data-entry="/assets/index.js" data-preload="/assets/framework.js">${START}</script></body></html>`,
    { runScripts: 'dangerously', pretendToBeVisual: true },
  );
  const started = () => dom.window.document.querySelector('script[type="module"]')?.getAttribute('src') ?? null;
  const preloaded = () => [...dom.window.document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
  return { dom, started, preloaded };
}

describe('start.js, the first script of every page', () => {
  it('starts the app at once on a page the server drew nothing of: there is no paint to wait for', () => {
    const { started, preloaded } = page('');
    expect(started()).toBe('/assets/index.js');
    expect(preloaded()).toEqual(['/assets/framework.js']);
  });

  it('leaves a drawn page to its HTML until it has loaded and painted (or a second after load)', async () => {
    const { dom, started } = page('<main><h1>Upcoming events</h1></main>');
    expect(started()).toBeNull();
    // jsdom paints nothing and has no paint timing: the page starts at load, as such a browser's does.
    await new Promise((resolve) => dom.window.addEventListener('load', resolve));
    expect(started()).toBe('/assets/index.js');
    dom.window.close();
  });
});
