import type { SiteTextKey } from './site-text';

/**
 * The server's answer to a form a page posted before its script had run (decision 082): the page
 * comes back with what was typed and what to do, carried in the page's data like the rest (the
 * server renderer puts it in the query cache under PAGE_ANSWER_KEY).
 */
export type PageAnswer = {
  /** Which form it answers, e.g. "booking". */
  form: string;
  /** What was typed, to fill the fields again (never a password). */
  values: Record<string, string>;
  /**
   * What to tell the person: the server's words, or a site text by its key (so the admin's words
   * show); `field` names the field at fault.
   */
  message: { text: string; key?: SiteTextKey; field?: string; kind: 'error' | 'info' };
};

export const PAGE_ANSWER_KEY = ['page-answer'] as const;
