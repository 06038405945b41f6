import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { FormOutcome } from '../../shared/domain/form-outcome';
import { DATABASE_UNAVAILABLE, DatabaseUnavailableError } from '../db/availability';

/** What the server renderer (src/web/entry-server.tsx, built to dist/ssr) gives for a page. */
export type RenderedPage = { status: number; html: string; head: string };
export type RenderPage = (
  url: URL,
  transport: (url: string, init: RequestInit) => Promise<Response>,
  /** What became of a form posted to the page, which the page shows (decision 085). */
  formOutcome?: FormOutcome,
) => Promise<RenderedPage | Response | null>;

/** The built renderer beside the built front end (dist/web -> dist/ssr), or null when it was not built. */
export async function loadBuiltRenderer(webDir: string): Promise<RenderPage | null> {
  const file = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { render: RenderPage };
  return module.render;
}

const NO_BODY = new Set([204, 304]);

/**
 * The page's API calls, answered by this same app in-process: the exact answers the browser would
 * get (same routes, schemas and policies), without a network hop. Never with the visitor's
 * credentials: a server-rendered page shows only public data.
 */
export function inProcessTransport(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const answer = await app.inject({ method: (init.method ?? 'GET') as 'GET', url, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
    return new Response(NO_BODY.has(answer.statusCode) ? null : answer.body, { status: answer.statusCode, headers });
  };
}

/**
 * The transport, noting whether any call answered that the database is unavailable: the renderer
 * shows a failed call as missing data, which must not be served as the page (decision 095).
 */
export function watchingUnavailable(transport: ReturnType<typeof inProcessTransport>) {
  let unavailable = false;
  return {
    transport: async (url: string, init: RequestInit): Promise<Response> => {
      const answer = await transport(url, init);
      if (answer.status === 503 && (await answer.clone().text()).includes(DATABASE_UNAVAILABLE)) unavailable = true;
      return answer;
    },
    throwIfUnavailable: (): void => {
      if (unavailable) throw new DatabaseUnavailableError();
    },
  };
}

/** The built index.html with the rendered markup in #root and its styles and data in the head. */
export function fillTemplate(template: string, page: RenderedPage): string {
  return template
    .replace('</head>', () => `${page.head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}
