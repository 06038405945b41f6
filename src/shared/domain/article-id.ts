/**
 * Article ids: the site's UUIDs, and the 24-hex ids of imported content. Anything else is malformed.
 * The contract's `articleId` schema and the pages (which check an address before asking) share it.
 */
export const ARTICLE_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const INVALID_ARTICLE_ID = 'Invalid article ID';

export const isArticleId = (id: string | undefined): id is string => id !== undefined && ARTICLE_ID.test(id);
