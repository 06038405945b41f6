import type { Kysely } from 'kysely';
import { settingFieldOf, settingKeys } from '../../../shared/api/settings';
import { blanksText, EMPTY_TEXT_REFUSED } from '../../../shared/api/empty-text';
import { UNKNOWN_TEXT_KEY, type StringTable, type TextEntry } from '../../../shared/api/site-text';
import { textArea } from '../../../shared/domain/site-text-areas';
import { isDefaultSiteTextKey, siteTextDefaults, type SiteTextKey } from '../../../shared/domain/site-text';
import { siteTextHy } from '../../../shared/domain/site-text-hy';
import type { Language } from '../../../shared/domain/language';
import { defaultsIn, isTranslatedKey, parseStoredTextKey, storedTextKey } from '../../../shared/domain/site-text-languages';
import { quoted, type Actor, type AuditTrail } from '../../audit/audit-trail';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ValidationError } from '../../http/validation';
import type { SettingsService } from './settings.service';
import type { SavedTextsCache } from './saved-texts-cache';
import { siteTextRepo } from './site-text.repo';

const defaultOf = (key: string): string | null => (isDefaultSiteTextKey(key) ? siteTextDefaults[key] : null);
const armenianDefaults = defaultsIn('hy', siteTextHy);
const armenianOf = (key: SiteTextKey): string | null =>
  isTranslatedKey(key) ? ((siteTextHy as Record<string, string>)[key] ?? null) : null;

/** A text in a language: the admin's saved value, else the shipped one; a text shared by both languages is read in English. */
function valueIn(saved: ReadonlyMap<string, string>, key: SiteTextKey, language: Language): string {
  if (language === 'hy' && isTranslatedKey(key)) return saved.get(storedTextKey(key, 'hy')) ?? armenianDefaults[key];
  return saved.get(key) ?? siteTextDefaults[key];
}

/** A saved English key the code no longer knows (an Armenian one is never listed on its own). */
const isUnknownSavedKey = (stored: string): boolean => parseStoredTextKey(stored).language === 'en' && !isDefaultSiteTextKey(stored);

export function siteTextService(
  db: Kysely<Database>,
  clock: () => Date,
  audit: AuditTrail,
  settings: SettingsService,
  cache: SavedTextsCache,
) {
  const repo = siteTextRepo(db);
  return {
    /** Defaults shipped in code, overlaid by saved values, in one language; saved keys unknown to the code follow. */
    async table(language: Language = 'en'): Promise<StringTable> {
      const saved = await cache.get();
      const table: StringTable = (Object.keys(siteTextDefaults) as SiteTextKey[]).map((key) => ({
        key,
        value: valueIn(saved, key, language),
      }));
      for (const [key, value] of saved) if (isUnknownSavedKey(key)) table.push({ key, value });
      return table;
    },

    /** For a change made to the table behind the service's back (tests that clear it). */
    forgetCached(): void {
      cache.forget();
    },

    async get(key: string, language: Language = 'en'): Promise<string> {
      const saved = await cache.get();
      if (isDefaultSiteTextKey(key)) return valueIn(saved, key, language);
      return saved.get(key) ?? '';
    },

    /** Every text in a language at once, for a mail or a document written in it. */
    async textsIn(language: Language): Promise<(key: SiteTextKey) => string> {
      const saved = await cache.get();
      return (key) => valueIn(saved, key, language);
    },

    /**
     * A setting's key (an address, the contact e-mail, a page) is checked as Settings check it. An
     * Armenian value is saved beside the English one (decision 150); a text shared by both
     * languages has none.
     */
    async set(key: string, value: string, actor: Actor, language: Language = 'en'): Promise<void> {
      // Only texts the site shows: every page carries every saved text (decision 098).
      if (!isDefaultSiteTextKey(key)) throw new ValidationError(`key: ${UNKNOWN_TEXT_KEY}`, 'key');
      if (language === 'hy') {
        if (!isTranslatedKey(key)) throw new ValidationError(`lang: ${SHARED_TEXT}`, 'lang');
        if (value.trim() === '') throw new ValidationError(EMPTY_TEXT_REFUSED, 'value');
        const stored = storedTextKey(key, 'hy');
        await audit.change(
          actor,
          (trx) => siteTextRepo(trx).set(stored, value, clock().toISOString(), actor?.id ?? null),
          () => ({ kind: 'site_text', action: 'changed', subject_id: stored, summary: `Changed ${key} in Armenian to ${quoted(value)}` }),
        );
        cache.forget();
        return;
      }
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
    async reset(key: string, actor: Actor, language: Language = 'en'): Promise<void> {
      if (language === 'hy') {
        if (!isDefaultSiteTextKey(key) || !isTranslatedKey(key)) throw notFound('There is no Armenian text with this key');
        const stored = storedTextKey(key, 'hy');
        await audit.change(
          actor,
          (trx) => siteTextRepo(trx).remove(stored),
          () => ({
            kind: 'site_text',
            action: 'changed',
            subject_id: stored,
            summary: `Reset ${key} in Armenian to its default ${quoted(armenianDefaults[key])}`,
          }),
        );
        cache.forget();
        return;
      }
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

    /** Every text for the back office: value, default, where it shows and who last changed it, in both languages. */
    async texts(): Promise<TextEntry[]> {
      const saved = new Map((await repo.saved()).map((row) => [row.key, row]));
      const keys = [...Object.keys(siteTextDefaults), ...[...saved.keys()].filter(isUnknownSavedKey).sort()];
      return keys.map((key) => {
        const row = saved.get(key);
        const fallback = defaultOf(key);
        const known = isDefaultSiteTextKey(key);
        const hyRow = known ? saved.get(storedTextKey(key, 'hy')) : undefined;
        const hyDefault = known ? armenianOf(key) : null;
        const translated = known && isTranslatedKey(key);
        return {
          hy: translated
            ? {
                value: hyRow?.value ?? hyDefault ?? '',
                default_value: hyDefault,
                customised: hyRow !== undefined && hyRow.value !== hyDefault,
                // A shipped draft nobody has saved yet: a native reader should look at it.
                to_review: hyRow === undefined && hyDefault !== null,
                missing: (hyRow?.value ?? hyDefault ?? '').trim() === '',
                updated_at: hyRow?.updated_at ?? null,
                updated_by: hyRow?.updated_by ?? null,
              }
            : null,
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

const SHARED_TEXT = 'This text is the same in both languages: change it in English';
