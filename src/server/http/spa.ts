import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StringTable } from '../../shared/api/site-text';
import { embeddedJsonElement, STRING_TABLE_ELEMENT_ID } from '../../shared/domain/embedded-json';
import { FORM_OUTCOME_ELEMENT_ID, type FormOutcome } from '../../shared/domain/form-outcome';
import { isDatabaseUnavailable } from '../db/availability';
import { pageAddress } from '../../shared/domain/page-address';
import {
  inLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_SWITCH_PARAMETER,
  LANGUAGE_TAGS,
  languageOfPath,
  withoutLanguage,
  type Language,
} from '../../shared/domain/language';
import { isCardStepPage, pageOf } from '../../shared/domain/page-paths';
import { shortLivedByKey, slidingWindow } from '../short-lived';
import { addressKey } from './client-address';
import { acceptedEncoding, encodedOnce, type PageEncoding } from './encoded-page';
import { fillTemplate, inProcessTransport, watchingUnavailable, type RenderPage } from './pages';
import { carriesToken, readablePath } from './token-pages';

export type SpaOptions = {
  webDir: string;
  /** The CSP for index.html, computed per request (it includes the social media page's origin). */
  pageCsp(): Promise<string>;
  /**
   * The page's title and description from site text, so the served page names the association;
   * given the path, a page may add more (an article's Open Graph tags, for link previews).
   */
  pageHead(path: string): Promise<PageHead>;
  /**
   * The current string table (from the server's in-memory copy), written into every bare page so
   * the browser draws the admin's words at once, without a fetch or the defaults shipped in code.
   */
  stringTable(language: Language): Promise<StringTable>;
  /** The server renderer of the public pages; null serves the bare page for the browser to render. */
  renderPage: RenderPage | null;
  /** The site's origin, for the address the renderer sees (never the Host header). */
  publicUrl: string;
  /** The clock the renders per address are counted by (the tests' own). */
  clock?: () => Date;
  /** The Permissions-Policy of the card step's pages, in place of every other answer's (decision 145). */
  cardStepPermissions?: string;
};

export type PageHead = {
  title: string;
  description: string;
  /** Extra <meta> tags: `property` for Open Graph, `name` for others. */
  meta?: ({ property: string; content: string } | { name: string; content: string })[];
  /** The page's canonical address (in its own language). */
  canonical?: string;
  /** The page's language, for `<html lang>` (decision 150); English when left out. */
  language?: Language;
  /** The same page in each language, and `x-default` (the English), for `<link rel="alternate" hreflang>`. */
  alternates?: { hreflang: string; href: string }[];
  /**
   * Content (an article, an event) that exists in English only: no alternates, and its Armenian
   * address names the English one as canonical (decision 180).
   */
  englishOnly?: boolean;
  /** schema.org structured data, each object one <script type="application/ld+json">. */
  jsonLd?: object[];
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function extraHead(head: PageHead): string {
  const tags = (head.meta ?? []).map((tag) =>
    'property' in tag
      ? `<meta property="${escapeHtml(tag.property)}" content="${escapeHtml(tag.content)}">`
      : `<meta name="${escapeHtml(tag.name)}" content="${escapeHtml(tag.content)}">`,
  );
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  for (const alternate of head.alternates ?? [])
    tags.push(`<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`);
  // "<" escaped, so no text in the data can close the element early.
  for (const data of head.jsonLd ?? [])
    tags.push(`<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`);
  return tags.join('');
}

/**
 * index.html with the site's own title and description in place of the build's generic ones, in
 * the page's language; an Armenian page preloads its web font (`armenianFonts`, decision 151).
 */
export function renderIndex(html: string, head: PageHead, armenianFonts: readonly string[] = []): string {
  const preloads =
    head.language === 'hy'
      ? armenianFonts
          .map((href) => `<link rel="preload" as="font" type="font/woff2" href="${escapeHtml(href)}" crossorigin fetchpriority="low">`)
          .join('')
      : '';
  return (
    html
      .replace(/<html lang="[^"]*"/, () => `<html lang="${LANGUAGE_TAGS[head.language ?? 'en']}"`)
      .replace('</head>', () => `${preloads}</head>`)
      // Function replacers: a "$" in site text must not act as a replacement pattern.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>${extraHead(head)}`)
      .replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        (_m, open: string, close: string) => `${open}${escapeHtml(head.description)}${close}`,
      )
  );
}

/** The language a visitor chose with the switch, from the Cookie header; null for none (or a made-up value). */
export function chosenLanguage(cookieHeader: string | undefined): Language | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.split('=', 2).map((text) => text.trim());
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** A year, for the whole site, readable by no script (nothing in the browser needs it), Secure on an https site. */
function languageCookie(language: Language, publicUrl: string): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly${secure}`;
}

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

const YEAR = 'public, max-age=31536000, immutable';

/** An empty, "." or ".." path segment. */
const NON_CANONICAL_PATH = /\/\/|\/\.\.?(?:\/|$)/;
/** An address no route of the web app matches: it renders the not-found page. */
const NOT_FOUND_PAGE = '/-/not-found';

/** Addresses whose served page is kept for a few seconds (a page is some 50-100 KB). */
const KEPT_PAGES = 200;
/** Pages that are not there (404) or failed, kept apart: made-up paths cannot push real pages out. */
const KEPT_MISSING = 50;
/**
 * Pages one client address may have rendered (not served from those kept): some 30 ms of the
 * server's thread each. Past it the bare page goes, which the browser renders (decision 091).
 */
export const RENDERS_PER_ADDRESS = { max: 20, windowMs: 10_000 };
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Answers a form posted to a page with that same page showing what became of it (decision 085):
 * rendered for this request alone, never kept, and the outcome written into it for the script.
 */
export type PageResponder = (req: FastifyRequest, reply: FastifyReply, outcome: FormOutcome, status?: number) => Promise<FastifyReply>;

/** A served page before its per-request headers: the markup, or where it sends the visitor. */
type ServedPage = { status: number; html: string; encoded(encoding: PageEncoding): Promise<Buffer> } | { status: number; location: string };

/**
 * Serves the built front end: hashed assets cached for a year, index.html never cached, and
 * index.html for any path outside /api so deep links load. Unknown /api paths answer JSON 404.
 */
export async function installSpa(app: FastifyInstance, options: SpaOptions): Promise<PageResponder> {
  const indexFile = path.join(options.webDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz beside scripts and styles: sent as they are, never compressed per request.
      preCompressed: true,
      // index.html always goes through sendIndex (site title, per-request CSP).
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(reply, filePath) {
        const hashed = filePath.startsWith(path.join(options.webDir, 'assets') + path.sep);
        reply.header('cache-control', hashed ? YEAR : 'no-cache');
      },
    });
  } else {
    app.log.warn(`The front end is not built (${indexFile} is missing): run "npm run build".`);
  }

  const indexHtml = built ? fs.readFileSync(indexFile, 'utf8') : '';
  // The Armenian web font's files as the build named them (decision 151): preloaded on Armenian pages only.
  const assetsDir = path.join(options.webDir, 'assets');
  const armenianFonts = fs.existsSync(assetsDir)
    ? fs
        .readdirSync(assetsDir)
        .filter((file) => /^noto-sans-armenian-armenian-(400|700)-normal-[\w-]+\.woff2$/.test(file))
        .sort()
        .map((file) => `/assets/${file}`)
    : [];
  const indexFor = (head: PageHead) => renderIndex(indexHtml, head, armenianFonts);
  const transport = inProcessTransport(app);

  /** The public page rendered on the server; a view for signed-in people, or a renderer failure, gets the bare page. */
  const render = async (req: FastifyRequest, url: string, outcome?: FormOutcome) => {
    if (!options.renderPage) return null;
    // A page drawn while the database was down would be served (and kept) without its data: 503 instead.
    const watched = watchingUnavailable(transport);
    try {
      const page = await options.renderPage(new URL(url, options.publicUrl), watched.transport, outcome);
      watched.throwIfUnavailable();
      return page;
    } catch (error) {
      watched.throwIfUnavailable();
      if (isDatabaseUnavailable(error)) throw error;
      req.log.error({ err: error }, 'Server rendering failed; the page is left to the browser');
      return null;
    }
  };

  /** A rendered page carries the table in its data already; the bare page gets it here, in the page's language. */
  const withStringTable = async (req: FastifyRequest, bare: string, language: Language) => {
    try {
      const element = embeddedJsonElement(STRING_TABLE_ELEMENT_ID, await options.stringTable(language));
      return bare.replace('</head>', () => `${element}</head>`);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      // The browser asks the API, or falls back to the defaults, as on the development server.
      req.log.error({ err: error }, 'The string table could not be read; the page goes without it');
      return bare;
    }
  };

  const servedPage = async (req: FastifyRequest, url: string): Promise<ServedPage> => {
    const [head, page] = await Promise.all([options.pageHead(url.split('?')[0]!), render(req, url)]);
    if (page instanceof Response) return { status: page.status, location: page.headers.get('location') ?? '/' };
    const bare = indexFor(head);
    const html = page ? fillTemplate(bare, page) : await withStringTable(req, bare, languageOfPath(url));
    return { status: page?.status ?? 200, html, encoded: encodedOnce(html) };
  };

  // Rendering costs some 30 ms of the server's one thread, and the page is the same for every
  // visitor (the renderer never sees their credentials): it is kept per address for a few seconds
  // and forgotten when a write on this server has committed (another server's, within seconds).
  const pages = shortLivedByKey<ServedPage>(KEPT_PAGES);
  const missing = shortLivedByKey<ServedPage>(KEPT_MISSING);
  const clock = options.clock ?? (() => new Date());
  const renders = slidingWindow({ ...RENDERS_PER_ADDRESS, maxKeys: 10_000 }, () => clock().getTime());
  // A form posted to a page changes nothing any public page shows (a sign-in, a payment begun).
  const formAnswers = new WeakSet<FastifyRequest>();
  // onSend: the handler's transaction has committed, and no byte of the answer has gone yet (so
  // no GET that follows it, nor a client that hangs up, can find the old page).
  app.addHook('onSend', async (req, reply, payload) => {
    // A refused request changed nothing (4xx); a 5xx may have (a cancel whose refund failed).
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    if (!READS.has(req.method) && !refused && !formAnswers.has(req)) {
      pages.forget();
      missing.forget();
    }
    return payload;
  });

  const barePage = async (req: FastifyRequest, url: string): Promise<ServedPage> => {
    const html = await withStringTable(req, indexFor(await options.pageHead(url.split('?')[0]!)), languageOfPath(url));
    return { status: 200, html, encoded: encodedOnce(html) };
  };

  /**
   * The page as kept for a few seconds, keyed by what it reads: its path (whose prefix is its
   * language, the one thing besides the address that changes a page: decision 150) and the
   * parameters it reads (any other is dropped before rendering). A client past its renders gets
   * the bare page. No cookie reaches the renderer, so none can make two visitors' pages differ.
   */
  const keptPage = async (req: FastifyRequest, url: string): Promise<ServedPage> => {
    const key = pageAddress(url);
    const kept = pages.peek(key) ?? missing.peek(key);
    if (kept) return kept;
    // The machine itself (a health check, a proxy not named in TRUST_PROXY) is not limited.
    if (!isLoopback(req.ip) && !renders.take(addressKey(req.ip))) return barePage(req, key);
    const loading = servedPage(req, key);
    pages.put(key, loading);
    const page = await loading;
    if (page.status !== 200) {
      pages.drop(key, loading);
      missing.put(key, loading);
    }
    return page;
  };

  const sendIndex = async (req: FastifyRequest, reply: FastifyReply, url: string, status?: number) => {
    // A reset, e-mail confirmation or other link's token is in the address: it must not travel on
    // as a Referer, nor stay in memory as a key. Matched as the router reads it (any case, decoded).
    const secret = carriesToken(url);
    const [csp, page] = await Promise.all([options.pageCsp(), secret ? servedPage(req, url) : keptPage(req, url)]);
    if ('location' in page) return reply.redirect(page.location, page.status);
    if (secret) reply.header('referrer-policy', 'no-referrer');
    cardStepHeaders(reply, url);
    reply
      .code(status ?? page.status)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      // The site root varies with the language cookie too (it may redirect): kept, not replaced.
      .header('vary', reply.hasHeader('vary') ? `${String(reply.getHeader('vary'))}, accept-encoding` : 'accept-encoding')
      .type('text/html; charset=utf-8');
    // Compressed here, once per kept page (the compression plugin leaves an encoded answer alone).
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(page.html);
    return reply.header('content-encoding', encoding).send(await page.encoded(encoding));
  };

  /** A card step's page lets Stripe's frame offer wallets; every other answer keeps the strict policy. */
  const cardStepHeaders = (reply: FastifyReply, url: string) => {
    if (options.cardStepPermissions && isCardStepPage(readablePath(url))) reply.header('permissions-policy', options.cardStepPermissions);
  };

  const answerForm: PageResponder = async (req, reply, outcome, status = 200) => {
    formAnswers.add(req);
    // Without a built front end (an API-only test app) there is no page: the outcome as JSON.
    if (!built) {
      const detail = outcome.message?.text ?? outcome.message?.key ?? 'Done';
      return reply.code(status).header('cache-control', 'no-store').send({ detail, outcome });
    }
    const url = req.url;
    const [csp, head, page] = await Promise.all([options.pageCsp(), options.pageHead(url.split('?')[0]!), render(req, url, outcome)]);
    if (page instanceof Response) return reply.redirect(page.headers.get('location') ?? '/', 303);
    const bare = indexFor(head);
    const html = (page ? fillTemplate(bare, page) : await withStringTable(req, bare, languageOfPath(url))).replace(
      '</head>',
      () => `${embeddedJsonElement(FORM_OUTCOME_ELEMENT_ID, outcome)}</head>`,
    );
    if (carriesToken(url)) reply.header('referrer-policy', 'no-referrer');
    cardStepHeaders(reply, url);
    return (
      reply
        // An unknown record's page stays a 404, whatever was posted to it.
        .code(page?.status === 404 ? 404 : status)
        // It may hold what was typed, or a session: for this answer alone.
        .header('cache-control', 'no-store')
        .header('content-security-policy', csp)
        .type('text/html; charset=utf-8')
        .send(html)
    );
  };

  // A page address with an empty, "." or ".." segment (`//news`, `/article//edit`) is no page of
  // the site: it gets the site's not-found page, where the static files' handler would refuse it
  // with a bare 403 (it fails closed on such paths, which is right for files).
  app.addHook('onRequest', async (req, reply) => {
    if (!built || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    const url = req.url.split('?')[0]!;
    if (url === '/api' || url.startsWith('/api/') || !NON_CANONICAL_PATH.test(url)) return;
    await sendIndex(req, reply, inLanguage(NOT_FOUND_PAGE, languageOfPath(url)), 404);
    return reply;
  });

  // The language switch (decision 150): `?lang=hy` on a page's address remembers the choice in a
  // cookie and sends the visitor on to the clean address (the switch links to the page in the
  // chosen language already), so every page keeps one address per language.
  app.addHook('onRequest', async (req, reply) => {
    if (!built || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    const [path = '/', query] = req.url.split('?', 2);
    if (!query || path === '/api' || path.startsWith('/api/') || pageOf(path) === null) return;
    const params = new URLSearchParams(query);
    const chosen = params.get(LANGUAGE_SWITCH_PARAMETER);
    if (!isLanguage(chosen)) return;
    params.delete(LANGUAGE_SWITCH_PARAMETER);
    const rest = params.toString();
    // The page the switch named, in the language it chose, whatever prefix the address had.
    const target = inLanguage(withoutLanguage(path), chosen);
    reply
      .header('set-cookie', languageCookie(chosen, options.publicUrl))
      .header('cache-control', 'no-store')
      .redirect(`${target}${rest ? `?${rest}` : ''}`, 303);
    return reply;
  });

  // The static handler refuses directories, so the home page gets its own route. The bare site
  // root is the one address without a language of its own (x-default): a visitor who chose
  // Armenian is sent to the Armenian home page; every other address says its language itself.
  if (built)
    app.get('/', { config: { policy: 'public' } }, (req, reply) => {
      if (chosenLanguage(req.headers.cookie) === 'hy') {
        const query = req.url.split('?', 2)[1];
        return reply
          .header('cache-control', 'no-store')
          .header('vary', 'cookie')
          .redirect(`${inLanguage('/', 'hy')}${query ? `?${query}` : ''}`, 302);
      }
      reply.header('vary', 'cookie');
      return sendIndex(req, reply, req.url);
    });

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]!;
    // A form of a page that the server does not act on, sent before the page's script took it
    // over: the page again, saying nothing was done, rather than losing it in silence.
    if (req.method === 'POST' && built && pageOf(url) !== null)
      return answerForm(req, reply, { form: 'other', message: { tone: 'error', key: 'form.not_sent' } });
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && url !== '/api';
    if (!wantsPage) return reply.code(404).send({ detail: 'Not found' });
    // Paths with a file extension are missing files, not pages.
    if (!built || (/\.[a-z0-9]+$/i.test(url) && url !== '/index.html')) return reply.code(404).send({ detail: 'Not found' });
    return sendIndex(req, reply, req.url);
  });
  return answerForm;
}
