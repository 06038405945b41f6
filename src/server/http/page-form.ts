import { armenianDetail } from '../../shared/domain/api-messages-hy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FormOutcome, PageFormName } from '../../shared/domain/form-outcome';
import { hasNulCharacter } from '../../shared/domain/json-shape';
import { isDatabaseUnavailable } from '../db/availability';
import { PAGE, type PageName } from '../../shared/domain/page-paths';
import { inLanguage, LANGUAGES, languageOfPath, type Language } from '../../shared/domain/language';
import { HttpError, unsupportedMediaType } from './errors';
import type { PageResponder } from './spa';

/**
 * Forms posted to a page (`<form method="post" action="/signIn">`), as a browser sends them
 * before the page's script has taken the form over: the server does the form's work where it can
 * and answers with the same page showing the outcome (decision 085). The routes are the pages'
 * own, like their GET, not the JSON API's; the fields are checked with the API's schemas.
 */

/**
 * What a page form's handler answers: the outcome without its form's name, and the status; or,
 * when the work is done and its page says so by its address, `seeOther` (post, then redirect:
 * a reload does not do it twice).
 */
export type PageFormAnswer = PageFormOutcome | { seeOther: string };

/** The page's outcome, its status, and for a limit when to come back (sent as Retry-After, as the API does). */
export type PageFormOutcome = Omit<FormOutcome, 'form'> & { status?: number; retryAfterSeconds?: number };

export type PageFormContext = {
  req: FastifyRequest;
  /** Each field as the browser sent it (a repeated name keeps its first value). */
  fields: Record<string, string>;
  params: Record<string, string>;
  /** The language of the page the form was posted to (decision 150): what it does is recorded in it. */
  language: Language;
};

export type PageFormSpec = {
  page: PageName;
  form: Exclude<PageFormName, 'other'>;
  handle(context: PageFormContext): Promise<PageFormAnswer>;
};

const FORM_TYPE = 'application/x-www-form-urlencoded';

function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const [name, value] of Object.entries(body)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

/**
 * Whether the form came from a page of this site: a browser names the origin of every POST
 * (Origin), or at least whether it is the same site (Sec-Fetch-Site). Another site's page may
 * not post here: it could sign a visitor into someone else's account. A client that is no
 * browser sends neither, and holds nobody else's session.
 */
export function postedFromThisSite(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return origin === new URL(publicUrl).origin;
  const site = req.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** The first message of each field a schema refused, by the field's name (the path's first part). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !(name in fields)) fields[name] = issue.message;
  }
  return fields;
}

/** A refusal the person can act on becomes the page's message; anything else is ours and logged. */
export function refusalOutcome(req: FastifyRequest, error: unknown): PageFormOutcome & { status: number } {
  if (error instanceof HttpError && (error.status < 500 || error.status === 502 || error.status === 503)) {
    return {
      status: error.status,
      message: { tone: 'error', text: error.detail },
      ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  req.log.error({ err: error }, 'A form posted to a page failed');
  return { status: 500, message: { tone: 'error', key: 'error.generic' } };
}

/**
 * The schemas' messages about the fields, and a written message (a refusal of the server's), as an
 * Armenian page shows them: through the same catalogue as the API's answers (decisions 150, 195).
 */
function inPageLanguage<T extends Omit<FormOutcome, 'form'>>(outcome: T, language: Language): T {
  if (language === 'en') return outcome;
  const say = (text: string) => armenianDetail(text) ?? text;
  return {
    ...outcome,
    ...(outcome.fields ? { fields: Object.fromEntries(Object.entries(outcome.fields).map(([name, text]) => [name, say(text)])) } : {}),
    ...(outcome.message?.text ? { message: { ...outcome.message, text: say(outcome.message.text) } } : {}),
  };
}

/** Registers the POST of a page's form, at the page's address in each language; `answer` is the page responder (installSpa's). */
export function addPageForm(app: FastifyInstance, answer: PageResponder, publicUrl: string, spec: PageFormSpec): void {
  for (const language of LANGUAGES) addPageFormIn(app, answer, publicUrl, spec, language);
}

function addPageFormIn(app: FastifyInstance, answer: PageResponder, publicUrl: string, spec: PageFormSpec, language: Language): void {
  app.post(inLanguage(PAGE[spec.page], language), { config: { policy: 'public' } }, async (req, reply) => {
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (type !== FORM_TYPE) throw unsupportedMediaType(`Send the form as ${FORM_TYPE}`);
    const form = spec.form;
    if (!postedFromThisSite(req, publicUrl)) {
      return answer(req, reply, { form, message: { tone: 'error', key: 'form.cross_site' } }, 403);
    }
    const fields = formFields(req.body);
    const params = formFields(req.params);
    if (hasNulCharacter(fields) || hasNulCharacter(params)) {
      return answer(req, reply, { form, message: { tone: 'error', text: 'The form contains a NUL character (U+0000)' } }, 400);
    }
    let outcome: PageFormAnswer;
    try {
      outcome = await spec.handle({ req, fields, params, language: languageOfPath(req.url) });
    } catch (error) {
      // The database away: the site's 503 with Retry-After, as for any request (decision 095).
      if (isDatabaseUnavailable(error)) throw error;
      outcome = refusalOutcome(req, error);
    }
    // Something changed that pages show (a place held): the kept pages are forgotten, as after any write.
    // The page that says what was done, in the language of the page that asked.
    if ('seeOther' in outcome) return reply.redirect(inLanguage(outcome.seeOther, language), 303);
    const { status, retryAfterSeconds, ...rest } = outcome;
    if (retryAfterSeconds) reply.header('retry-after', String(retryAfterSeconds));
    return answer(req, reply, { form, ...inPageLanguage(rest, language) }, status);
  });
}
