import type { FastifyRequest } from 'fastify';
import type { Language } from '../../shared/domain/language';

/**
 * The language a request asks its refusals in (decision 195): the first language of its
 * `Accept-Language` by weight. The site's pages send their own language (`hy` or `en-GB`), so a
 * browser whose own language is Armenian still gets English on an English page; any other client
 * gets what it asks for, and English when it asks for neither.
 */
export function requestLanguage(req: FastifyRequest): Language {
  const header = req.headers['accept-language'];
  if (typeof header !== 'string' || header === '') return 'en';
  let best: { tag: string; weight: number } | undefined;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const weight = q === undefined ? 1 : Number(q);
    if (!tag || !Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { tag: tag.toLowerCase(), weight };
  }
  return best && (best.tag === 'hy' || best.tag.startsWith('hy-')) ? 'hy' : 'en';
}
