// The browser build's React (Preact's compat, decision 055) rendering with Preact itself, as the
// built site does: the component tests elsewhere render with React.
import { Fragment, createElement, hydrate, render } from 'preact/compat';
import { describe, expect, it, vi } from 'vitest';
import { hydrationFinished, startHydrating } from '../lib/hydration-turns';
import { useSyncExternalStore } from './react';

/** Preact runs effects (a store's subscription among them) after a frame, or 35 ms without one. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));
/** What must happen: waited for however busy the machine (a minute only ends a test that cannot pass). */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 60_000, interval: 10 });

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function reader<T>(tag: string, source: ReturnType<typeof store<T>>, serverValue: T, renders: { count: number }) {
  return function Reader() {
    renders.count++;
    return createElement(tag, null, String(useSyncExternalStore(source.subscribe, source.get, () => serverValue)));
  };
}

describe("the browser runtime's useSyncExternalStore", () => {
  it("shows the server's value while the page is taken over, then renders again only where the browser's differs", async () => {
    const same = store('both');
    const differs = store('browser');
    const sameRenders = { count: 0 };
    const differsRenders = { count: 0 };
    const container = document.createElement('div');
    container.innerHTML = '<span>both</span><b>server</b>';

    startHydrating();
    hydrate(
      createElement(
        Fragment,
        null,
        createElement(reader('span', same, 'both', sameRenders), null),
        createElement(reader('b', differs, 'server', differsRenders), null),
      ),
      container,
    );
    await settle();
    expect(container.innerHTML).toBe('<span>both</span><b>server</b>');

    // A change while hydrating still waits for the end.
    differs.set('browser, changed');
    await settle();
    expect(container.innerHTML).toBe('<span>both</span><b>server</b>');

    await hydrationFinished();
    await eventually(() => expect(container.innerHTML).toBe('<span>both</span><b>browser, changed</b>'));
    // Ending hydration cost the reader whose value was the server's nothing.
    expect(sameRenders.count).toBe(1);

    // After hydration a store's change shows as it happens.
    same.set('changed');
    await eventually(() => expect(container.innerHTML).toBe('<span>changed</span><b>browser, changed</b>'));
  });

  it("reads the browser's value at once on a page the browser renders itself", async () => {
    const source = store('browser');
    const renders = { count: 0 };
    const container = document.createElement('div');
    render(createElement(reader('i', source, 'server', renders), null), container);
    await eventually(() => expect(container.innerHTML).toBe('<i>browser</i>'));
    await settle();
    expect(renders.count).toBe(1);
  });
});
