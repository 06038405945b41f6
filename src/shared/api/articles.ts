import { z } from 'zod';
import { ARTICLE_ID, INVALID_ARTICLE_ID } from '../domain/article-id';
import { validateDocumentJson } from '../domain/richtext/validate';
import { contentLanguage, imageAddress, imageAlt, insertedResponse, languageQuery, succeededResponse } from './common';
import { defineEndpoints } from './contract';

export { ARTICLE_ID, INVALID_ARTICLE_ID, isArticleId } from '../domain/article-id';
export const ARTICLE_NOT_FOUND = 'Article not found';
export const articleId = z.string().regex(ARTICLE_ID, INVALID_ARTICLE_ID);

export const MAX_CATEGORIES = 20;
export const MAX_CATEGORY_LENGTH = 50;
export const category = z.string().trim().min(1, 'Enter a category').max(MAX_CATEGORY_LENGTH, `At most ${MAX_CATEGORY_LENGTH} characters`);

/** The article's date: a calendar date (the editor's field) or an ISO instant; treated as UTC. */
const DATED = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z)?$/;

/** The date as the instant the server stores (midnight UTC for a calendar date), or null. */
export function datedInstant(value: string): string | null {
  if (!DATED.test(value)) return null;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return null;
  const iso = new Date(time).toISOString();
  // Date.parse rolls 2026-02-30 over to March; such a date does not exist.
  return iso.startsWith(value.slice(0, 10)) ? iso : null;
}

export const dated = z
  .string()
  .regex(DATED, 'Use a date like 2026-12-05')
  .refine((value) => datedInstant(value) !== null, 'That date does not exist');

/**
 * The rich-text document as a JSON string (docs/product.md section 3). The same rules run in the editor
 * before saving and on the server, which refuses anything else.
 */
export const articleContent = z.string().superRefine((json, ctx) => {
  const result = validateDocumentJson(json);
  if (!result.ok) ctx.addIssue({ code: 'custom', message: result.error });
});

const articleTitle = z.string().trim().min(1, 'Enter a title').max(200, 'At most 200 characters');
const categories = z.array(category).max(MAX_CATEGORIES, `At most ${MAX_CATEGORIES} categories`).default([]);

/**
 * The Armenian version of an article (decision 180): its title, content and categories (none: the
 * English ones). Its brief, like the English one, is computed by the server.
 */
export const articleTranslation = z.object({ title: articleTitle, content: articleContent, categories });
export type ArticleTranslation = z.input<typeof articleTranslation>;

/** What an editor sends. A `brief` sent along is ignored: the server computes it. */
export const articleFields = z.object({
  title: articleTitle,
  dated,
  categories,
  content: articleContent,
  /** The Armenian version: null removes it; left out, none for a new article and unchanged for an update. */
  hy: articleTranslation.nullable().optional(),
  /**
   * A page (About us, the privacy policy) rather than news: no date shown, not in the news list
   * or feed. Left out: news for a new article, unchanged for an update.
   */
  is_page: z.boolean().optional(),
  /** The feature image on the news cards, the article's header and its link previews. Left out: none for a new article, unchanged for an update. */
  image: imageAddress.optional(),
  image_alt: imageAlt.optional(),
});
export type ArticleFields = z.input<typeof articleFields>;

export const newArticleRequest = articleFields;
export const updateArticleRequest = articleFields.extend({ _id: articleId });
export const deleteArticleRequest = z.object({ _id: articleId });

export const articleSummary = z.object({
  _id: z.string(),
  title: z.string(),
  /** ISO-8601 instant, UTC. */
  dated: z.string(),
  brief: z.string(),
  categories: z.array(z.string()),
  is_page: z.boolean(),
  /** The feature image's address and alt text; empty for none. */
  image: z.string(),
  image_alt: z.string(),
  /** The language the title, brief, content and categories are in: English where the Armenian asked for is missing. */
  language: contentLanguage,
});
export type ArticleSummary = z.infer<typeof articleSummary>;

export const articleRecord = articleSummary.extend({
  content: z.string(),
  /** The name of the editor who wrote it, while their account exists; null otherwise. */
  author: z.string().nullable(),
});
export type ArticleRecord = z.infer<typeof articleRecord>;

export const ARTICLES_PAGE_DEFAULT = 20;
export const ARTICLES_PAGE_MAX = 100;

export const articlesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ARTICLES_PAGE_MAX).default(ARTICLES_PAGE_DEFAULT),
  /** Opaque: the `next_cursor` of the page before. */
  cursor: z.string().max(300).optional(),
  category: z.string().trim().min(1).max(MAX_CATEGORY_LENGTH).optional(),
  lang: contentLanguage.default('en'),
});
export type ArticlesQuery = z.input<typeof articlesQuery>;

/** A page of summaries, newest first; `next_cursor` is null on the last page. */
export const articlePage = z.object({ items: z.array(articleSummary), next_cursor: z.string().nullable() });
export type ArticlePage = z.infer<typeof articlePage>;

export const categoryList = z.array(z.string());

/** A page chosen in Settings (as the About or Privacy page) cannot be deleted or made news. */
export const pinnedPage = (roles: string[]) => `This page is the site's ${roles.join(' and ')} page: choose another one in Settings first`;

export const articlesApi = defineEndpoints('articles', {
  list: {
    method: 'GET',
    path: '/api/articles',
    summary: 'News summaries (pages left out), newest first, a page at a time (follow next_cursor)',
    query: articlesQuery,
    response: articlePage,
  },
  one: {
    method: 'GET',
    path: '/api/articles/:id',
    summary: 'One article with its content (a Draft.js raw document as a JSON string)',
    params: z.object({ id: z.string() }),
    query: languageQuery,
    response: articleRecord,
    errors: { 404: ARTICLE_NOT_FOUND },
  },
  categories: {
    method: 'GET',
    path: '/api/categories',
    summary: 'Every category of the news in use, sorted (in Armenian: the categories Armenian readers see)',
    query: languageQuery,
    response: categoryList,
  },
  create: {
    method: 'POST',
    path: '/api/new_article',
    summary: 'Publishes an article; the server computes its brief',
    body: { kind: 'json', schema: newArticleRequest },
    response: insertedResponse,
  },
  update: {
    method: 'POST',
    path: '/api/update_article',
    summary: 'Changes an article',
    body: { kind: 'json', schema: updateArticleRequest },
    response: succeededResponse,
    errors: { 404: ARTICLE_NOT_FOUND, 409: 'The page is chosen in Settings and must stay a page' },
  },
  remove: {
    method: 'POST',
    path: '/api/delete_article',
    summary: 'Removes an article',
    body: { kind: 'json', schema: deleteArticleRequest },
    response: succeededResponse,
    errors: { 404: ARTICLE_NOT_FOUND, 409: 'The page is chosen in Settings' },
  },
});
