import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { ArticlesTable, Database } from '../../db/schema';

export type ArticleRow = Selectable<ArticlesTable>;
export type SummaryRow = Pick<ArticleRow, 'id' | 'title' | 'dated' | 'brief' | 'is_page'>;
/** Where a page starts: after this (dated, id), in newest-first order. */
export type PagePosition = { dated: string; id: string };

/**
 * Rows after `after` in newest-first order. `dated <= d` bounds the index range; the rest only
 * drops the rows of that same date that came before (an `OR` alone would scan from the newest).
 * ISO instants compare as text; the id breaks ties between articles of the same date.
 */
function newestAfter(dated: string, id: string, after: PagePosition) {
  return sql<boolean>`${sql.ref(dated)} <= ${after.dated} and (${sql.ref(dated)} < ${after.dated} or ${sql.ref(id)} < ${after.id})`;
}

/** The article's categories, each carrying its date and page flag for the category index. */
async function writeCategories(trx: Kysely<Database>, id: string, categories: string[]): Promise<void> {
  if (categories.length === 0) return;
  const article = await trx.selectFrom('articles').select(['dated', 'is_page']).where('id', '=', id).executeTakeFirstOrThrow();
  await trx
    .insertInto('article_categories')
    .values(categories.map((category) => ({ article_id: id, category, dated: article.dated, is_page: article.is_page })))
    .execute();
}

export function articlesRepo(db: Kysely<Database>) {
  return {
    /** The article and its categories in one transaction. */
    async insert(article: Insertable<ArticlesTable>, categories: string[]): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.insertInto('articles').values(article).execute();
        await writeCategories(trx, article.id, categories);
      });
    },

    /** Replaces the article's fields and categories; false when there is no such article. */
    async update(id: string, changes: Updateable<ArticlesTable>, categories: string[]): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const result = await trx.updateTable('articles').set(changes).where('id', '=', id).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('article_categories').where('article_id', '=', id).execute();
        await writeCategories(trx, id, categories);
        return true;
      });
    },

    async delete(id: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        // SQLite enforces the cascade only with a pragma; deleting the children first works on both.
        await trx.deleteFrom('article_categories').where('article_id', '=', id).execute();
        const result = await trx.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    find(id: string): Promise<ArticleRow | undefined> {
      return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** News (never pages) newest first, without the content; `limit` rows after `after`, optionally in one category. */
    page(options: { limit: number; after?: PagePosition; category?: string }): Promise<SummaryRow[]> {
      const { after, category, limit } = options;
      if (category !== undefined) {
        // From the category's own index (category, is_page, dated, article_id), newest first.
        let ids = db
          .selectFrom('article_categories')
          .select(['article_id', 'dated'])
          .where('category', '=', category)
          .where('is_page', '=', 0);
        if (after) ids = ids.where(newestAfter('dated', 'article_id', after));
        return db
          .with('chosen', () => ids.orderBy('dated', 'desc').orderBy('article_id', 'desc').limit(limit))
          .selectFrom('chosen')
          .innerJoin('articles', 'articles.id', 'chosen.article_id')
          .select(['articles.id', 'articles.title', 'articles.dated', 'articles.brief', 'articles.is_page'])
          .orderBy('articles.dated', 'desc')
          .orderBy('articles.id', 'desc')
          .execute();
      }
      let query = db.selectFrom('articles').select(['id', 'title', 'dated', 'brief', 'is_page']).where('is_page', '=', 0);
      if (after) query = query.where(newestAfter('dated', 'id', after));
      return query.orderBy('dated', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Newest first, without the content. */
    summaries(): Promise<SummaryRow[]> {
      return db
        .selectFrom('articles')
        .select(['id', 'title', 'dated', 'brief', 'is_page'])
        .orderBy('dated', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Every page's id and title (the choices for the About and Privacy pages). */
    pages(): Promise<Pick<ArticleRow, 'id' | 'title'>[]> {
      return db.selectFrom('articles').select(['id', 'title']).where('is_page', '=', 1).execute();
    },

    /** The categories of the given articles (no JSON aggregation: portable SQL). */
    categoriesOf(ids: string[]): Promise<{ article_id: string; category: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('article_categories').select(['article_id', 'category']).where('article_id', 'in', ids).execute();
    },

    /** The categories of news articles: a page's categories are not offered as a filter. */
    async allCategories(): Promise<string[]> {
      const rows = await db
        .selectFrom('article_categories')
        .select('category')
        .distinct()
        .where('article_id', 'in', db.selectFrom('articles').select('id').where('is_page', '=', 0))
        .execute();
      return rows.map((row) => row.category);
    },

    /** Every article's id, last change and whether it is a page, for the sitemap. */
    /** How many articles there are and the latest change, read through indexes: the sitemap's version. */
    async version(): Promise<string> {
      const row = await db
        .selectFrom('articles')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('latest')])
        .executeTakeFirstOrThrow();
      return `${Number(row.n)} ${row.latest ?? ''}`;
    },
    changes(): Promise<Pick<ArticleRow, 'id' | 'updated_at' | 'is_page'>[]> {
      return db.selectFrom('articles').select(['id', 'updated_at', 'is_page']).orderBy('dated', 'desc').orderBy('id', 'desc').execute();
    },
  };
}
