import type { Kysely } from 'kysely';
import { settingFieldOf, settingKeys } from '../../../shared/api/settings';
import { blanksText, EMPTY_TEXT_REFUSED } from '../../../shared/api/empty-text';
import { UNKNOWN_TEXT_KEY, type StringTable, type TextEntry } from '../../../shared/api/site-text';
import { textArea } from '../../../shared/domain/site-text-areas';
import { isDefaultSiteTextKey, siteTextDefaults } from '../../../shared/domain/site-text';
import { quoted, type Actor, type AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ValidationError } from '../../http/validation';
import type { SettingsService } from './settings.service';
import type { SavedTextsCache } from './saved-texts-cache';
import { siteTextRepo } from './site-text.repo';

const defaultOf = (key: string): string | null => (isDefaultSiteTextKey(key) ? siteTextDefaults[key] : null);

export function siteTextService(
  db: Kysely<Database>,
  clock: () => Date,
  audit: AuditTrail,
  settings: SettingsService,
  cache: SavedTextsCache,
) {
  const repo = siteTextRepo(db);
  return {
    /** Defaults shipped in code, overlaid by saved values; saved keys unknown to the code follow. */
    async table(): Promise<StringTable> {
      const saved = await cache.get();
      const table = Object.entries(siteTextDefaults).map(([key, value]) => ({ key, value: saved.get(key) ?? value }));
      for (const [key, value] of saved) if (!isDefaultSiteTextKey(key)) table.push({ key, value });
      return table;
    },

    /** For a change made to the table behind the service's back (tests that clear it). */
    forgetCached(): void {
      cache.forget();
    },

    async get(key: string): Promise<string> {
      const saved = (await cache.get()).get(key);
      if (saved !== undefined) return saved;
      return defaultOf(key) ?? '';
    },

    /** A setting's key (an address, the contact e-mail, a page) is checked as Settings check it. */
    async set(key: string, value: string, actor: Actor): Promise<void> {
      // Only texts the site shows: every page carries every saved text (decision 098).
      if (!isDefaultSiteTextKey(key)) throw new ValidationError(`key: ${UNKNOWN_TEXT_KEY}`, 'key');
      const field = settingFieldOf(key);
      if (field) {
        await settings.save({ [field]: value }, actor, () => 'value');
        return;
      }
      if (blanksText(key, value)) throw new ValidationError(EMPTY_TEXT_REFUSED, 'value');
      await audit.change(
        actor,
        (trx) => siteTextRepo(trx).set(key, value, clock().toISOString(), actor?.id ?? null),
        () => ({ kind: 'site_text', action: 'changed', subject_id: key, summary: `Changed ${key} to ${quoted(value)}` }),
      );
      cache.forget();
    },

    /** Puts the default shipped in code back; a key the code does not know is removed. */
    async reset(key: string, actor: Actor): Promise<void> {
      const field = settingFieldOf(key);
      const fallback = defaultOf(key);
      if (field && fallback !== null) {
        // Through Settings, so its rules follow (no charity number: no Gift Aid).
        await settings.save({ [field]: fallback }, actor, () => 'key');
        return;
      }
      await audit.change(
        actor,
        async (trx) => {
          if (!(await siteTextRepo(trx).remove(key)) && fallback === null) throw notFound('There is no text with this key');
        },
        () => ({
          kind: 'site_text',
          action: 'changed',
          subject_id: key,
          summary: fallback === null ? `Removed ${key}` : `Reset ${key} to its default ${quoted(fallback)}`,
        }),
      );
      cache.forget();
    },

    /** Every text for the back office: value, default, where it shows and who last changed it. */
    async texts(): Promise<TextEntry[]> {
      const saved = new Map((await repo.saved()).map((row) => [row.key, row]));
      const keys = [...Object.keys(siteTextDefaults), ...[...saved.keys()].filter((key) => !isDefaultSiteTextKey(key)).sort()];
      return keys.map((key) => {
        const row = saved.get(key);
        const fallback = defaultOf(key);
        return {
          key,
          value: row?.value ?? fallback ?? '',
          default_value: fallback,
          customised: row !== undefined && row.value !== fallback,
          ...textArea(key),
          setting: settingFieldOf(key) !== undefined,
          updated_at: row?.updated_at ?? null,
          updated_by: row?.updated_by ?? null,
        };
      });
    },

    /** What Settings has chosen the article as ("About", "Privacy"): such a page must stay a page. */
    async pinnedAs(id: string, trx: Kysely<Database>): Promise<string[]> {
      const saved = await siteTextRepo(trx).getMany([settingKeys.about_article_id, settingKeys.privacy_article_id]);
      return [
        ...(saved.get(settingKeys.about_article_id) === id ? ['About'] : []),
        ...(saved.get(settingKeys.privacy_article_id) === id ? ['Privacy'] : []),
      ];
    },
  };
}
export type SiteTextService = ReturnType<typeof siteTextService>;
