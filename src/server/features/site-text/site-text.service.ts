import type { StringTable } from '../../../shared/api/site-text';
import { isDefaultSiteTextKey, siteTextDefaults } from '../../../shared/domain/site-text';
import type { Kysely } from 'kysely';
import { quoted, type Actor, type AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { siteTextRepo } from './site-text.repo';

export function siteTextService(db: Kysely<Database>, clock: () => Date, audit: AuditTrail) {
  const repo = siteTextRepo(db);
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

    async set(key: string, value: string, actor: Actor): Promise<void> {
      await audit.change(
        actor,
        (trx) => siteTextRepo(trx).set(key, value, clock().toISOString(), actor?.id ?? null),
        () => ({
          kind: 'site_text',
          action: 'changed',
          subject_id: key,
          summary: `Changed ${key} to ${quoted(value)}`,
        }),
      );
    },
  };
}
export type SiteTextService = ReturnType<typeof siteTextService>;
