// The server renderer, built by `vite build --ssr` into dist/ssr and loaded by the Fastify server
// (src/server/http/pages.ts): it renders a public page to HTML with its styles and the data it
// showed, which the browser takes over (main.tsx hydrates) without asking for that data again.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Writable } from 'node:stream';
import { setApiTransport } from './lib/api';
import type { PageData } from './app/page-data';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { routes } from './app/routes';
import { embeddedJsonElement } from '../shared/domain/embedded-json';
import { EMBEDDED_STATE_ID } from './lib/embedded-state';
import { everyStyle } from './server-styles';
import { siteTextQuery } from './lib/site-text';
import type { SiteTextKey } from '../shared/domain/site-text';
import { siteTextHy } from '../shared/domain/site-text-hy';
import { defaultsIn } from '../shared/domain/site-text-languages';
import { languageOfPath, routerBasename, type Language } from '../shared/domain/language';
import { FormOutcomeProvider } from './lib/form-outcome';
import type { FormOutcome } from '../shared/domain/form-outcome';

export type RenderedPage = {
  status: number;
  /** The markup that goes inside #root. */
  html: string;
  /** Emotion's style elements for that markup, and the embedded data, for the end of <head>. */
  head: string;
};

/** Answers the page's API calls in-process (the server's own routes, as the browser would get them). */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

// One per language: the Armenian pages' router has the basename /hy, so every link and redirect
// a page makes stays in its language (decision 150).
const handlers: Record<Language, ReturnType<typeof createStaticHandler>> = {
  en: createStaticHandler(routes),
  hy: createStaticHandler(routes, { basename: routerBasename('hy') }),
};
const defaults = { en: defaultsIn('en', siteTextHy), hy: defaultsIn('hy', siteTextHy) };

function toHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    // The whole page at once, in order (no boundary sent apart, which would need an inline script the
    // CSP refuses): visitors without JavaScript and crawlers get every section.
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

/**
 * The page, a redirect, or null for a view that is rendered in the browser only. With
 * `formOutcome`, the page answers a form posted to it before its script took over (decision 085).
 */
export async function render(url: URL, transport: ApiTransport, formOutcome?: FormOutcome): Promise<RenderedPage | Response | null> {
  setApiTransport(transport);
  const language = languageOfPath(url.pathname);
  const handler = handlers[language];
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return context;
  if (!context.matches.at(-1)?.route.handle) return null;

  // One client per request: no visitor's data can leak into another's page.
  const client = createQueryClient();
  const where = { params: context.matches.at(-1)?.params ?? {}, search: url.searchParams, language };
  const data = context.matches.map((match) => match.route.handle as PageData | undefined);
  // Every page draws site text (the admin's words, not the shipped defaults).
  const textQuery = siteTextQuery(language);
  await Promise.all([client.fetchQuery(textQuery), ...data.flatMap((page) => (page?.load ? [page.load(client, where)] : []))]);
  const notFound = data.some((page) => page?.notFound?.(client, where));

  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const router = createStaticRouter(handler.dataRoutes, context);
  const drawn = new Set<SiteTextKey>();
  const html = await toHtml(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders client={client} drawnTexts={drawn} language={language}>
          {/* What became of a form posted to this page (decision 085); the page carries it for the browser too. */}
          <FormOutcomeProvider outcome={formOutcome ?? null}>
            {/* hydrate={false}: the router's own inline script would break the CSP; there are no loaders to hand over. */}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </FormOutcomeProvider>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  // React writes what belongs in <head> (preloads, the news feed's <link rel="alternate">) before the
  // app's markup when it renders less than a whole document: it goes to the head, where the browser
  // (and React, hydrating) look for it.
  const hoisted = /^(?:<(?:link|meta)\b[^>]*\/>)*/.exec(html)?.[0] ?? '';
  const body = html.slice(hoisted.length);
  // data-s: as it loads, the browser's Emotion cache moves every server style element without it to
  // the end of <head> (meant for styles streamed inside the body), and then once more as it takes
  // them into its sheet. Ours are in <head> already: marked, they are moved once, not twice.
  const styles = emotion
    .constructStyleTagsFromChunks({ html: body, styles: everyStyle(cache) })
    .replaceAll('<style data-emotion=', '<style data-s="" data-emotion=');
  // The page carries the site texts it drew and those the admin changed from the shipped
  // defaults, not the whole table (decision 084): with the defaults (loaded in the browser when
  // the visitor starts using the page), that is every text as the server has it.
  const table = client.getQueryData(textQuery.queryKey);
  if (table)
    client.setQueryData(
      textQuery.queryKey,
      table.filter(({ key, value }) => drawn.has(key as SiteTextKey) || value !== defaults[language][key as SiteTextKey]),
    );
  // Failed calls too (an unknown article shows as such at once); not the queries nobody ran (pending).
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  client.clear();
  return {
    status: notFound ? 404 : context.statusCode,
    html: body,
    head: `${hoisted}${styles}${embeddedJsonElement(EMBEDDED_STATE_ID, state)}`,
  };
}
