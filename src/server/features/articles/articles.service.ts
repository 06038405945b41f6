import { randomUUID } from 'node:crypto';
import {
  ARTICLE_NOT_FOUND,
  datedInstant,
  pinnedPage,
  type ArticlePage,
  type ArticleRecord,
  type ArticleSummary,
} from '../../../shared/api/articles';
import { makeBrief } from '../../../shared/domain/brief';
import { plainText, type RawDocument } from '../../../shared/domain/richtext/document';
import type { Kysely } from 'kysely';
import { quoted, type Actor, type AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { versioned } from '../../short-lived';
import { articlesRepo, type PagePosition, type SummaryRow } from './articles.repo';

export type NewArticle = { title: string; dated: Date; categories: string[]; content: RawDocument; is_page?: boolean };
/** Fields as the API receives them, already validated by the shared schema. */
export type ArticleInput = { title: string; dated: string; categories: string[]; content: string; is_page?: boolean };

/**
 * What Settings has chosen this article as ("About", "Privacy"), read in the caller's
 * transaction: such a page cannot be deleted or made news while it is chosen.
 */
export type PinnedAs = (id: string, trx: Kysely<Database>) => Promise<string[]>;

const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });
/** Sorted in JavaScript: SQLite and PostgreSQL collate text differently. */
const sorted = (values: string[]) => [...values].sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));

/** Trimmed, without blanks, without repeats that differ only in case (the first spelling wins). */
export function cleanCategories(categories: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of categories) {
    const category = raw.trim();
    const folded = category.toLocaleLowerCase('en-GB');
    if (!category || seen.has(folded)) continue;
    seen.add(folded);
    out.push(category);
  }
  return out;
}

/** The opaque cursor of a page: where the next one starts. */
function encodeCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.dated, position.id])).toString('base64url');
}

function decodeCursor(cursor: string): PagePosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string' && part.length <= 100)) {
      return { dated: value[0] as string, id: value[1] as string };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

/** Stored content parsed back, as the brief needs it (the schema has already validated it). */
const documentOf = (json: string) => JSON.parse(json) as RawDocument;

export function articlesService(db: Kysely<Database>, clock: () => Date, audit: AuditTrail, pinnedAs: PinnedAs = async () => []) {
  const repo = articlesRepo(db);
  async function refuseIfPinned(id: string, trx: Kysely<Database>) {
    const roles = await pinnedAs(id, trx);
    if (roles.length) throw conflict(pinnedPage(roles));
  }
  async function withCategories(rows: SummaryRow[]): Promise<ArticleSummary[]> {
    const byArticle = new Map<string, string[]>();
    for (const row of await repo.categoriesOf(rows.map((r) => r.id))) {
      byArticle.set(row.article_id, [...(byArticle.get(row.article_id) ?? []), row.category]);
    }
    return rows.map((row) => ({
      _id: row.id,
      title: row.title,
      dated: row.dated,
      brief: row.brief,
      categories: sorted(byArticle.get(row.id) ?? []),
      is_page: row.is_page === 1,
    }));
  }

  const sitemapRows = versioned(
    () => repo.version(),
    () => repo.changes(),
  );
  // The news list's category filter: every category read again only after an article changed (decision 094).
  const categoryNames = versioned(
    () => repo.version(),
    async () => sorted(await repo.allCategories()),
  );

  return {
    /** Stores an article; the brief is always computed here from the content. */
    async create(article: NewArticle, actor: Actor): Promise<string> {
      const id = randomUUID();
      const now = clock().toISOString();
      const row = {
        id,
        title: article.title,
        dated: article.dated.toISOString(),
        brief: makeBrief(plainText(article.content)),
        content: JSON.stringify(article.content),
        created_at: now,
        updated_at: now,
        created_by: actor?.id ?? null,
        is_page: article.is_page ? 1 : 0,
      };
      await audit.change(
        actor,
        (trx) => articlesRepo(trx).insert(row, cleanCategories(article.categories)),
        () => ({
          kind: 'article',
          action: 'created',
          subject_id: id,
          summary: `Wrote ${article.is_page ? 'page' : 'article'} ${quoted(article.title)}`,
        }),
      );
      sitemapRows.forget();
      categoryNames.forget();
      return id;
    },

    createFromFields(fields: ArticleInput, actor: Actor): Promise<string> {
      const article = {
        title: fields.title,
        dated: new Date(datedInstant(fields.dated)!),
        categories: fields.categories,
        content: documentOf(fields.content),
        is_page: fields.is_page ?? false,
      };
      return this.create(article, actor);
    },

    async update(id: string, fields: ArticleInput, actor: Actor): Promise<void> {
      const content = documentOf(fields.content);
      const changes = {
        title: fields.title,
        dated: datedInstant(fields.dated)!,
        brief: makeBrief(plainText(content)),
        content: JSON.stringify(content),
        updated_at: clock().toISOString(),
        ...(fields.is_page === undefined ? {} : { is_page: fields.is_page ? 1 : 0 }),
      };
      await audit.change(
        actor,
        async (trx) => {
          const before = await articlesRepo(trx).find(id);
          if (!before) throw notFound(ARTICLE_NOT_FOUND);
          if (before.is_page === 1 && fields.is_page === false) await refuseIfPinned(id, trx);
          if (!(await articlesRepo(trx).update(id, changes, cleanCategories(fields.categories)))) throw notFound(ARTICLE_NOT_FOUND);
          return before.is_page === 1;
        },
        (wasPage) => {
          const flag =
            fields.is_page === undefined || fields.is_page === wasPage ? '' : fields.is_page ? ' and made it a page' : ' and made it news';
          return { kind: 'article', action: 'updated', subject_id: id, summary: `Edited article ${quoted(fields.title)}${flag}` };
        },
      );
      sitemapRows.forget();
      categoryNames.forget();
    },

    async delete(id: string, actor: Actor): Promise<void> {
      await audit.change(
        actor,
        async (trx) => {
          const inTrx = articlesRepo(trx);
          const article = await inTrx.find(id);
          if (!article) throw notFound(ARTICLE_NOT_FOUND);
          await refuseIfPinned(id, trx);
          if (!(await inTrx.delete(id))) throw notFound(ARTICLE_NOT_FOUND);
          return article;
        },
        (article) => ({ kind: 'article', action: 'deleted', subject_id: id, summary: `Deleted article ${quoted(article.title)}` }),
      );
      sitemapRows.forget();
      categoryNames.forget();
    },

    async find(id: string): Promise<ArticleRecord> {
      const row = await repo.find(id);
      if (!row) throw notFound(ARTICLE_NOT_FOUND);
      const [summary] = await withCategories([row]);
      return { ...summary!, content: row.content };
    },

    /** One page of summaries, newest first, and the cursor of the next page when there is one. */
    async page(options: { limit: number; cursor?: string; category?: string }): Promise<ArticlePage> {
      const after = options.cursor ? decodeCursor(options.cursor) : undefined;
      // One row more than asked tells whether another page follows.
      const rows = await repo.page({ limit: options.limit + 1, after, category: options.category });
      const items = await withCategories(rows.slice(0, options.limit));
      const last = rows.length > options.limit ? rows[options.limit - 1] : undefined;
      return { items, next_cursor: last ? encodeCursor({ dated: last.dated, id: last.id }) : null };
    },

    categories(): Promise<string[]> {
      return categoryNames.get();
    },

    /** Every page by title: the choices for the About and Privacy pages. */
    async pages(within: Kysely<Database> = db): Promise<{ _id: string; title: string }[]> {
      const rows = await articlesRepo(within).pages();
      return rows.map((row) => ({ _id: row.id, title: row.title })).sort((a, b) => collator.compare(a.title, b.title));
    },

    summaries() {
      return repo.summaries();
    },

    /** Every article's address and date, for the sitemap: kept for a few seconds, forgotten when an article is written here. */
    changes() {
      return sitemapRows.get();
    },
  };
}
export type ArticlesService = ReturnType<typeof articlesService>;
