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
import type { Language } from '../../../shared/domain/language';

/** An article's Armenian version (decision 180); no categories: the English ones. */
export type ArmenianVersion = { title: string; content: RawDocument; categories?: string[] };
export type NewArticle = {
  title: string;
  dated: Date;
  categories: string[];
  content: RawDocument;
  is_page?: boolean;
  image?: string;
  image_alt?: string;
  hy?: ArmenianVersion | null;
};
/** Fields as the API receives them, already validated by the shared schema. */
export type ArticleInput = {
  title: string;
  dated: string;
  categories: string[];
  content: string;
  is_page?: boolean;
  image?: string;
  image_alt?: string;
  hy?: { title: string; content: string; categories: string[] } | null;
};

/** The Armenian columns of an article: its version, or all null for none. */
function armenianColumns(hy: ArmenianVersion | null) {
  if (!hy) return { title_hy: null, brief_hy: null, content_hy: null };
  return { title_hy: hy.title, brief_hy: makeBrief(plainText(hy.content)), content_hy: JSON.stringify(hy.content) };
}

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
  /**
   * The summaries in a language: an article without an Armenian version answers in English and
   * says so in `language` (the page then notes it, decision 180).
   */
  async function withCategories(rows: SummaryRow[], language: Language = 'en'): Promise<ArticleSummary[]> {
    const byArticle = new Map<string, string[]>();
    for (const row of await repo.categoriesOf(
      rows.map((r) => r.id),
      language,
    )) {
      byArticle.set(row.article_id, [...(byArticle.get(row.article_id) ?? []), row.category]);
    }
    return rows.map((row) => {
      const armenian = language === 'hy' && row.title_hy !== null;
      return {
        _id: row.id,
        title: armenian ? row.title_hy! : row.title,
        dated: row.dated,
        brief: armenian ? (row.brief_hy ?? '') : row.brief,
        categories: sorted(byArticle.get(row.id) ?? []),
        is_page: row.is_page === 1,
        image: row.image,
        image_alt: row.image_alt,
        language: armenian ? 'hy' : 'en',
      };
    });
  }

  const sitemapRows = versioned(
    () => repo.version(),
    () => repo.changes(),
  );
  // The news list's category filter: every category read again only after an article changed (decision 094).
  const categoryNames = {
    en: versioned(
      () => repo.version(),
      async () => sorted(await repo.allCategories('en')),
    ),
    hy: versioned(
      () => repo.version(),
      async () => sorted(await repo.allCategories('hy')),
    ),
  };
  const forgetCategories = () => {
    categoryNames.en.forget();
    categoryNames.hy.forget();
  };

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
        image: article.image ?? '',
        image_alt: article.image ? (article.image_alt ?? '') : '',
        ...armenianColumns(article.hy ?? null),
      };
      const categories = {
        en: cleanCategories(article.categories),
        hy: article.hy?.categories ? cleanCategories(article.hy.categories) : null,
      };
      await audit.change(
        actor,
        (trx) => articlesRepo(trx).insert(row, categories),
        () => ({
          kind: 'article',
          action: 'created',
          subject_id: id,
          summary: `Wrote ${article.is_page ? 'page' : 'article'} ${quoted(article.title)}`,
        }),
      );
      sitemapRows.forget();
      forgetCategories();
      return id;
    },

    createFromFields(fields: ArticleInput, actor: Actor): Promise<string> {
      const article = {
        title: fields.title,
        dated: new Date(datedInstant(fields.dated)!),
        categories: fields.categories,
        content: documentOf(fields.content),
        is_page: fields.is_page ?? false,
        image: fields.image,
        image_alt: fields.image_alt,
        hy: fields.hy ? { title: fields.hy.title, content: documentOf(fields.hy.content), categories: fields.hy.categories } : null,
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
        // Left out, the image stays; an image without words keeps none from before.
        ...(fields.image === undefined ? {} : { image: fields.image, image_alt: fields.image ? (fields.image_alt ?? '') : '' }),
        ...(fields.image === undefined && fields.image_alt !== undefined ? { image_alt: fields.image_alt } : {}),
        // Left out, the Armenian version stays as it was; null removes it.
        ...(fields.hy === undefined
          ? {}
          : armenianColumns(fields.hy && { title: fields.hy.title, content: documentOf(fields.hy.content) })),
      };
      await audit.change(
        actor,
        async (trx) => {
          const before = await articlesRepo(trx).find(id);
          if (!before) throw notFound(ARTICLE_NOT_FOUND);
          if (before.is_page === 1 && fields.is_page === false) await refuseIfPinned(id, trx);
          // The Armenian categories stay with an Armenian version left out; without one, they follow the English.
          const keptHy =
            fields.hy === undefined && before.title_hy !== null
              ? (await articlesRepo(trx).categoriesOf([id], 'hy')).map((row) => row.category)
              : null;
          const categories = { en: cleanCategories(fields.categories), hy: fields.hy ? cleanCategories(fields.hy.categories) : keptHy };
          if (!(await articlesRepo(trx).update(id, changes, categories))) throw notFound(ARTICLE_NOT_FOUND);
          return before.is_page === 1;
        },
        (wasPage) => {
          const flag =
            fields.is_page === undefined || fields.is_page === wasPage ? '' : fields.is_page ? ' and made it a page' : ' and made it news';
          return { kind: 'article', action: 'updated', subject_id: id, summary: `Edited article ${quoted(fields.title)}${flag}` };
        },
      );
      sitemapRows.forget();
      forgetCategories();
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
      forgetCategories();
    },

    /** The article in a language: its Armenian version, else the English (`language` says which). */
    async find(id: string, language: Language = 'en'): Promise<ArticleRecord> {
      const row = await repo.find(id);
      if (!row) throw notFound(ARTICLE_NOT_FOUND);
      const [[summary], author] = await Promise.all([withCategories([row], language), repo.authorOf(id)]);
      return { ...summary!, content: summary!.language === 'hy' ? row.content_hy! : row.content, author };
    },

    /** Whether the article has an Armenian version (its head names alternates only then, decision 180). */
    async translated(id: string): Promise<boolean> {
      return (await repo.find(id))?.title_hy != null;
    },

    /** One page of summaries, newest first, and the cursor of the next page when there is one. */
    async page(options: { limit: number; cursor?: string; category?: string; lang?: Language }): Promise<ArticlePage> {
      const after = options.cursor ? decodeCursor(options.cursor) : undefined;
      // One row more than asked tells whether another page follows.
      const rows = await repo.page({ limit: options.limit + 1, after, category: options.category, language: options.lang });
      const items = await withCategories(rows.slice(0, options.limit), options.lang);
      const last = rows.length > options.limit ? rows[options.limit - 1] : undefined;
      return { items, next_cursor: last ? encodeCursor({ dated: last.dated, id: last.id }) : null };
    },

    categories(language: Language = 'en'): Promise<string[]> {
      return categoryNames[language].get();
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
