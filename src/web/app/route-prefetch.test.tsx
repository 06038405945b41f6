import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { prefetchRoutesOnIntent } from './route-prefetch';

function page() {
  document.body.innerHTML = `
    <a href="/news">News</a>
    <a href="/events"><span>Events</span></a>
    <a href="https://example.org/news">Elsewhere</a>
    <a href="/news" target="_blank">News in a new tab</a>`;
  return (name: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === name)!;
}

describe('prefetchRoutesOnIntent', () => {
  let stop: () => void = () => undefined;
  afterEach(() => stop());

  it('loads the code of the page a link leads to when a pointer goes over it, once', () => {
    const news = vi.fn(() => Promise.resolve({}));
    const events = vi.fn(() => Promise.resolve({}));
    const routes: RouteObject[] = [
      {
        children: [
          { path: 'news', lazy: news, handle: {} },
          { path: 'events', lazy: events, handle: {} },
        ],
      },
    ];
    const link = page();
    stop = prefetchRoutesOnIntent(routes);

    link('News').dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('News').dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(news).toHaveBeenCalledTimes(1);
    // A finger on the link's text counts for the link.
    document.querySelector('span')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(events).toHaveBeenCalledTimes(1);
  });

  it('leaves other sites, new tabs, pages without page data and the catch-all alone, and stops when asked', () => {
    const news = vi.fn(() => Promise.resolve({}));
    const editor = vi.fn(() => Promise.resolve({}));
    const notFound = vi.fn(() => Promise.resolve({}));
    const routes: RouteObject[] = [
      { path: 'news', lazy: news, handle: {} },
      { path: 'events', lazy: editor },
      { path: '*', lazy: notFound, handle: {} },
    ];
    const link = page();
    stop = prefetchRoutesOnIntent(routes);

    link('Elsewhere').dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('News in a new tab').dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('Events').dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.body.insertAdjacentHTML('beforeend', '<a href="/news/rss">Feed</a>');
    link('Feed').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(news).not.toHaveBeenCalled();
    expect(editor).not.toHaveBeenCalled();
    expect(notFound).not.toHaveBeenCalled();

    stop();
    link('News').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(news).not.toHaveBeenCalled();
  });

  it('tries again at the next intent when loading failed', async () => {
    const news = vi.fn(() => Promise.reject(new Error('offline')));
    const link = page();
    stop = prefetchRoutesOnIntent([{ path: 'news', lazy: news, handle: {} }]);

    link('News').dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(news).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    link('News').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(news).toHaveBeenCalledTimes(2);
  });
});
