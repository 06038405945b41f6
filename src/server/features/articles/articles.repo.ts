import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { ArticlesTable, Database } from '../../db/schema';

export type ArticleRow = Selectable<ArticlesTable>;
export type SummaryRow = Pick<ArticleRow, 'id' | 'title' | 'dated' | 'brief' | 'is_page'>;
/** Where a page starts: after this (dated, id), in newest-first order. */
export type PagePosition = { dated: string; id: string };

export function articlesRepo(db: Kysely<Database>) {
  return {
    /** The article and its categories in one transaction. */
    async insert(article: Insertable<ArticlesTable>, categories: string[]): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.insertInto('articles').values(article).execute();
        if (categories.length) {
          await trx
            .insertInto('article_categories')
            .values(categories.map((category) => ({ article_id: article.id, category })))
            .execute();
        }
      });
    },

    /** Replaces the article's fields and categories; false when there is no such article. */
    async update(id: string, changes: Updateable<ArticlesTable>, categories: string[]): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const result = await trx.updateTable('articles').set(changes).where('id', '=', id).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('article_categories').where('article_id', '=', id).execute();
        if (categories.length) {
          await trx
            .insertInto('article_categories')
            .values(categories.map((category) => ({ article_id: id, category })))
            .execute();
        }
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
      let query = db.selectFrom('articles').select(['id', 'title', 'dated', 'brief', 'is_page']).where('is_page', '=', 0);
      const { after, category } = options;
      if (category !== undefined) {
        query = query.where('id', 'in', db.selectFrom('article_categories').select('article_id').where('category', '=', category));
      }
      if (after) {
        // ISO instants compare as text; the id breaks ties between articles of the same date.
        query = query.where((eb) =>
          eb.or([eb('dated', '<', after.dated), eb.and([eb('dated', '=', after.dated), eb('id', '<', after.id)])]),
        );
      }
      return query.orderBy('dated', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
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
    changes(): Promise<Pick<ArticleRow, 'id' | 'updated_at' | 'is_page'>[]> {
      return db.selectFrom('articles').select(['id', 'updated_at', 'is_page']).orderBy('dated', 'desc').orderBy('id', 'desc').execute();
    },
  };
}
