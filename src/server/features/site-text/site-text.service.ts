import type { StringTable } from '../../../shared/api/site-text';
import { isDefaultSiteTextKey, siteTextDefaults } from '../../../shared/domain/site-text';
import type { SiteTextRepo } from './site-text.repo';

export function siteTextService(repo: SiteTextRepo, clock: () => Date) {
  return {
    /** Defaults shipped in code, overlaid by saved values; saved keys unknown to the code follow. */
    async table(): Promise<StringTable> {
      const saved = new Map((await repo.all()).map((row) => [row.key, row.value]));
      const table = Object.entries(siteTextDefaults).map(([key, value]) => ({ key, value: saved.get(key) ?? value }));
      for (const [key, value] of saved) if (!isDefaultSiteTextKey(key)) table.push({ key, value });
      return table;
    },

    async get(key: string): Promise<string> {
      const saved = await repo.get(key);
      if (saved !== undefined) return saved;
      return isDefaultSiteTextKey(key) ? siteTextDefaults[key] : '';
    },

    async set(key: string, value: string, by: string | null): Promise<void> {
      await repo.set(key, value, clock().toISOString(), by);
    },
  };
}
export type SiteTextService = ReturnType<typeof siteTextService>;
