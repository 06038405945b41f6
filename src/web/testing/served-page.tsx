import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, parsePath, RouterProvider, useLocation } from 'react-router';
import { expect, onTestFinished, vi } from 'vitest';
import { siteTextApi } from '../../shared/api/site-text';
import { embeddedJsonElement, STRING_TABLE_ELEMENT_ID } from '../../shared/domain/embedded-json';
import { FORM_OUTCOME_ELEMENT_ID, type FormOutcome } from '../../shared/domain/form-outcome';
import { AppProviders } from '../app/providers';
import { FormOutcomeProvider, forgetFormOutcome } from '../lib/form-outcome';
import { FakeApi } from './fake-api';
import { defaultsTable } from './render';

function Elsewhere() {
  return <p>Elsewhere: {useLocation().pathname}</p>;
}

function appFor(element: ReactElement, route: string, url: string) {
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [parsePath(url)] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

export type ServedPage = {
  /** The page as the server sent it, before its script: type into it as a person would. */
  container: HTMLElement;
  api: FakeApi;
  user: UserEvent;
  alerts: string[];
  /** The script arrives and takes the page over (React's hydration). */
  takeOver(): Promise<void>;
};

/**
 * A page as the browser first gets it: the server's markup (with the outcome of a form posted to
 * it, written into the page as the server does), shown before any script; `takeOver` then
 * hydrates it as the script does when it arrives (decision 085).
 */
export function servedPage(
  element: ReactElement,
  options: { route: string; url?: string; api?: FakeApi; outcome?: FormOutcome | null } = { route: '/' },
): ServedPage {
  const api = options.api ?? new FakeApi();
  api.fallback(siteTextApi.stringTable, defaultsTable);
  onTestFinished(() => expect(api.unhandled, 'requests no fake answered').toEqual([]));
  vi.stubGlobal('fetch', api.fetch);
  const alerts: string[] = [];
  vi.stubGlobal('alert', (message?: unknown) => void alerts.push(String(message)));

  const url = options.url ?? options.route;
  const outcome = options.outcome ?? null;
  const head = document.createElement('div');
  head.innerHTML = `${embeddedJsonElement(STRING_TABLE_ELEMENT_ID, defaultsTable)}${outcome ? embeddedJsonElement(FORM_OUTCOME_ELEMENT_ID, outcome) : ''}`;
  const written = [...head.children];
  document.head.append(...written);
  forgetFormOutcome();

  const container = document.createElement('div');
  container.innerHTML = renderToString(<FormOutcomeProvider outcome={outcome}>{appFor(element, options.route, url)}</FormOutcomeProvider>);
  document.body.append(container);
  let root: Root | undefined;
  onTestFinished(() => {
    act(() => root?.unmount());
    container.remove();
    for (const node of written) node.remove();
    forgetFormOutcome();
  });
  return {
    container,
    api,
    user: userEvent.setup({ delay: null }),
    alerts,
    async takeOver() {
      const errors: unknown[] = [];
      await act(async () => {
        root = hydrateRoot(container, appFor(element, options.route, url), { onRecoverableError: (error) => errors.push(error) });
        await Promise.resolve();
      });
      // The script's first render is the server's: nothing is redrawn from scratch.
      expect(errors, 'hydration mismatches').toEqual([]);
    },
  };
}

/** Types into a field of the served page as a person does before the script: the value, not the markup's default. */
export function typeBeforeScript(field: HTMLInputElement, value: string | boolean): void {
  if (typeof value === 'boolean') field.checked = value;
  else field.value = value;
}
