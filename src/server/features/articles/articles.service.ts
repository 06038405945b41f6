import { randomUUID } from 'node:crypto';
import { makeBrief } from '../../../shared/domain/brief';
import { plainText, type RawDocument } from '../../../shared/domain/richtext/document';
import type { ArticlesRepo } from './articles.repo';

export type NewArticle = { title: string; dated: Date; categories: string[]; content: RawDocument; createdBy?: string | null };

export function articlesService(repo: ArticlesRepo, clock: () => Date) {
  return {
    /** Stores an article; the brief is always computed here from the content. */
    async create(article: NewArticle): Promise<string> {
      const id = randomUUID();
      const now = clock().toISOString();
      const categories = [...new Set(article.categories.map((c) => c.trim()).filter(Boolean))];
      await repo.insert(
        {
          id,
          title: article.title,
          dated: article.dated.toISOString(),
          brief: makeBrief(plainText(article.content)),
          content: JSON.stringify(article.content),
          created_at: now,
          updated_at: now,
          created_by: article.createdBy ?? null,
        },
        categories,
      );
      return id;
    },
    summaries() {
      return repo.summaries();
    },
  };
}
export type ArticlesService = ReturnType<typeof articlesService>;
