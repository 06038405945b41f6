import type { Insertable, Kysely } from 'kysely';
import type { ArticlesTable, Database } from '../../db/schema';

export function articlesRepo(db: Kysely<Database>) {
  return {
    /** The article and its categories in one transaction. */
    async insert(article: Insertable<ArticlesTable>, categories: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('articles').values(article).execute();
        if (categories.length) {
          await trx
            .insertInto('article_categories')
            .values(categories.map((category) => ({ article_id: article.id, category })))
            .execute();
        }
      });
    },
    /** Newest first, without the content. */
    summaries() {
      return db.selectFrom('articles').select(['id', 'title', 'dated', 'brief']).orderBy('dated', 'desc').orderBy('id', 'desc').execute();
    },
  };
}
export type ArticlesRepo = ReturnType<typeof articlesRepo>;
