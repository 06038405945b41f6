import type { PersonalDataCoverage } from '../../privacy/personal-data';

/** Articles are the association's; who wrote one is kept until that editor's account is erased. */
export const articlesPersonalData: PersonalDataCoverage = {
  owner: 'articles',
  tables: {
    articles: { personal: ['created_by'], export: { omitted: 'which articles an editor wrote: the articles are the association’s' } },
    article_categories: { none: 'the categories of each article' },
    article_categories_hy: { none: 'the categories of each article as Armenian readers see them' },
  },
  async export() {
    return {};
  },
  async erase(trx, erasure) {
    await trx.updateTable('articles').set({ created_by: null }).where('created_by', '=', erasure.userId).execute();
  },
};
