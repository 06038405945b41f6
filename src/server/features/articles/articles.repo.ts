import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { ArticlesTable, Database } from '../../db/schema';
import type { Language } from '../../../shared/domain/language';

export type ArticleRow = Selectable<ArticlesTable>;
export type SummaryRow = Pick<ArticleRow, 'id' | 'title' | 'dated' | 'brief' | 'is_page' | 'image' | 'image_alt' | 'title_hy' | 'brief_hy'>;
const SUMMARY = ['id', 'title', 'dated', 'brief', 'is_page', 'image', 'image_alt', 'title_hy', 'brief_hy'] as const;
/** The categories English readers see, and those Armenian readers see (decision 180). */
const CATEGORY_TABLES = { en: 'article_categories', hy: 'article_categories_hy' } as const;
/** An article's categories in each language; the Armenian ones are the English ones where it has none of its own. */
export type Categories = { en: string[]; hy: string[] | null };
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

/**
 * The article's categories in both languages, each carrying its date and page flag for the
 * category index. `hy` null or empty: Armenian readers see the English ones.
 */
async function writeCategories(trx: Kysely<Database>, id: string, categories: Categories): Promise<void> {
  const article = await trx.selectFrom('articles').select(['dated', 'is_page']).where('id', '=', id).executeTakeFirstOrThrow();
  const rows = (list: string[]) => list.map((category) => ({ article_id: id, category, dated: article.dated, is_page: article.is_page }));
  if (categories.en.length) await trx.insertInto('article_categories').values(rows(categories.en)).execute();
  const hy = categories.hy?.length ? categories.hy : categories.en;
  if (hy.length) await trx.insertInto('article_categories_hy').values(rows(hy)).execute();
}

export function articlesRepo(db: Kysely<Database>) {
  return {
    /** The article and its categories in one transaction. */
    async insert(article: Insertable<ArticlesTable>, categories: Categories): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.insertInto('articles').values(article).execute();
        await writeCategories(trx, article.id, categories);
      });
    },

    /** Replaces the article's fields and categories; false when there is no such article. */
    async update(id: string, changes: Updateable<ArticlesTable>, categories: Categories): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const result = await trx.updateTable('articles').set(changes).where('id', '=', id).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await trx.deleteFrom('article_categories').where('article_id', '=', id).execute();
        await trx.deleteFrom('article_categories_hy').where('article_id', '=', id).execute();
        await writeCategories(trx, id, categories);
        return true;
      });
    },

    async delete(id: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        // SQLite enforces the cascade only with a pragma; deleting the children first works on both.
        await trx.deleteFrom('article_categories').where('article_id', '=', id).execute();
        await trx.deleteFrom('article_categories_hy').where('article_id', '=', id).execute();
        const result = await trx.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    find(id: string): Promise<ArticleRow | undefined> {
      return db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The name of the account that wrote the article, while it exists (erasing it removes the byline). */
    async authorOf(id: string): Promise<string | null> {
      const row = await db
        .selectFrom('articles')
        .innerJoin('users', 'users.id', 'articles.created_by')
        .select(['users.first_name', 'users.last_name'])
        .where('articles.id', '=', id)
        .executeTakeFirst();
      const name = row ? `${row.first_name} ${row.last_name}`.trim() : '';
      return name || null;
    },

    /** News (never pages) newest first, without the content; `limit` rows after `after`, optionally in one category. */
    page(options: { limit: number; after?: PagePosition; category?: string; language?: Language }): Promise<SummaryRow[]> {
      const { after, category, limit } = options;
      if (category !== undefined) {
        // From the category's own index (category, is_page, dated, article_id), newest first, among
        // the categories readers of the language see.
        let ids = db
          .selectFrom(CATEGORY_TABLES[options.language ?? 'en'])
          .select(['article_id', 'dated'])
          .where('category', '=', category)
          .where('is_page', '=', 0);
        if (after) ids = ids.where(newestAfter('dated', 'article_id', after));
        return db
          .with('chosen', () => ids.orderBy('dated', 'desc').orderBy('article_id', 'desc').limit(limit))
          .selectFrom('chosen')
          .innerJoin('articles', 'articles.id', 'chosen.article_id')
          .select(SUMMARY.map((column) => `articles.${column}` as const))
          .orderBy('articles.dated', 'desc')
          .orderBy('articles.id', 'desc')
          .execute();
      }
      let query = db.selectFrom('articles').select(SUMMARY).where('is_page', '=', 0);
      if (after) query = query.where(newestAfter('dated', 'id', after));
      return query.orderBy('dated', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Newest first, without the content. */
    summaries(): Promise<SummaryRow[]> {
      return db.selectFrom('articles').select(SUMMARY).orderBy('dated', 'desc').orderBy('id', 'desc').execute();
    },

    /** Every page's id and title (the choices for the About and Privacy pages). */
    pages(): Promise<Pick<ArticleRow, 'id' | 'title'>[]> {
      return db.selectFrom('articles').select(['id', 'title']).where('is_page', '=', 1).execute();
    },

    /** The categories of the given articles (no JSON aggregation: portable SQL). */
    categoriesOf(ids: string[], language: Language = 'en'): Promise<{ article_id: string; category: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom(CATEGORY_TABLES[language]).select(['article_id', 'category']).where('article_id', 'in', ids).execute();
    },

    /** The categories of news articles: a page's categories are not offered as a filter. */
    async allCategories(language: Language = 'en'): Promise<string[]> {
      const rows = await db
        .selectFrom(CATEGORY_TABLES[language])
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
    changes(): Promise<Pick<ArticleRow, 'id' | 'updated_at' | 'is_page' | 'title_hy'>[]> {
      return db
        .selectFrom('articles')
        .select(['id', 'updated_at', 'is_page', 'title_hy'])
        .orderBy('dated', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
  };
}
