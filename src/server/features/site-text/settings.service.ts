import type { Kysely } from 'kysely';
import {
  GIFT_AID_NEEDS_NUMBER,
  NOT_A_PAGE,
  settingFields,
  settingKeys,
  settingSchemas,
  type PageChoice,
  type SettingField,
  type Settings,
} from '../../../shared/api/settings';
import { siteTextDefaults } from '../../../shared/domain/site-text';
import { quoted, type Actor, type AuditNote, type AuditTrail } from '../../audit/audit-trail';
import { GIFT_AID_ENABLED, getSetting, setSetting } from '../../db/settings.repo';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../http/validation';
import type { SavedTextsCache } from './saved-texts-cache';
import { siteTextRepo } from './site-text.repo';

/** The pages of the site (articles marked as pages), read in the caller's transaction. */
export type PageLister = (trx: Kysely<Database>) => Promise<PageChoice[]>;

/** A change of settings: what the API was given, already checked by its schema. */
export type SettingsChange = Partial<Record<SettingField, string>> & { gift_aid_enabled?: boolean };

/** How the audit log names each setting. */
const labels: Record<SettingField, string> = {
  site_name: "the association's name",
  site_short_name: 'the short name',
  logo_url: 'the logo',
  share_image_url: 'the share image',
  contact_email: 'the contact e-mail',
  social_media_url: 'the social media page',
  social_button_label: "the social media page's button",
  charity_number: 'the charity number',
  postal_address: 'the postal address',
  about_article_id: 'the About page',
  privacy_article_id: 'the Privacy page',
  byline: "the footer's byline",
  byline_url: "the footer's link",
};
const PAGE_FIELDS = ['about_article_id', 'privacy_article_id'] as const;

/**
 * The association's settings: site texts with rules (addresses, the contact e-mail, pages) and
 * the Gift Aid switch. POST /api/admin/settings and POST /api/set_string both save through here,
 * so no path stores a value the other would refuse.
 */
export function settingsService(db: Kysely<Database>, clock: () => Date, audit: AuditTrail, pages: PageLister, saved: SavedTextsCache) {
  async function read(trx: Kysely<Database>): Promise<Omit<Settings, 'pages'>> {
    const saved = await siteTextRepo(trx).getMany(settingFields.map((field) => settingKeys[field]));
    const values = Object.fromEntries(
      settingFields.map((field) => [field, saved.get(settingKeys[field]) ?? siteTextDefaults[settingKeys[field]]]),
    );
    return { ...(values as Record<SettingField, string>), gift_aid_enabled: (await getSetting(trx, GIFT_AID_ENABLED)) === 'true' };
  }

  return {
    async get(): Promise<Settings> {
      return { ...(await read(db)), pages: await pages(db) };
    },

    /**
     * Saves what changed, in one transaction with an audit entry per change. `fieldName` names the
     * field at fault in a refusal (set_string's is "value"). Clearing the charity number switches
     * Gift Aid off: it may only be offered by a registered charity.
     */
    async save(change: SettingsChange, actor: Actor, fieldName: (field: string) => string = (field) => field): Promise<Settings> {
      const refuse = (field: string, detail: string) => new ValidationError(`${fieldName(field)}: ${detail}`, fieldName(field));
      // set_string comes here unchecked: every value goes through its kind's validator once more.
      const next: SettingsChange = { ...change };
      for (const field of settingFields) {
        const value = change[field];
        if (value === undefined) continue;
        const parsed = settingSchemas[field].safeParse(value);
        if (!parsed.success) throw refuse(field, parsed.error.issues[0]?.message ?? 'Invalid value');
        next[field] = parsed.data;
      }

      await audit.change(
        actor,
        async (trx) => {
          const before = await read(trx);
          const pageList = await pages(trx);
          const notes: AuditNote[] = [];
          for (const field of PAGE_FIELDS) {
            const id = next[field];
            if (id && id !== before[field] && !pageList.some((page) => page._id === id)) throw refuse(field, NOT_A_PAGE);
          }
          const charityNumber = next.charity_number ?? before.charity_number;
          if (next.gift_aid_enabled && !charityNumber) throw refuse('gift_aid_enabled', GIFT_AID_NEEDS_NUMBER);

          const at = clock().toISOString();
          for (const field of settingFields) {
            const value = next[field];
            if (value === undefined || value === before[field]) continue;
            await siteTextRepo(trx).set(settingKeys[field], value, at, actor?.id ?? null);
            const title = (PAGE_FIELDS as readonly string[]).includes(field)
              ? pageList.find((page) => page._id === value)?.title
              : undefined;
            notes.push({
              kind: 'settings',
              action: 'changed',
              subject_id: settingKeys[field],
              summary: value === '' ? `Cleared ${labels[field]}` : `Changed ${labels[field]} to ${quoted(title ?? value)}`,
            });
          }

          const giftAid = charityNumber ? (next.gift_aid_enabled ?? before.gift_aid_enabled) : false;
          if (giftAid !== before.gift_aid_enabled) {
            await setSetting(trx, GIFT_AID_ENABLED, String(giftAid));
            notes.push({
              kind: 'gift_aid',
              action: 'changed',
              subject_id: null,
              summary: giftAid
                ? 'Switched Gift Aid on'
                : next.gift_aid_enabled === false
                  ? 'Switched Gift Aid off'
                  : 'Switched Gift Aid off (no charity number)',
            });
          }
          return notes;
        },
        (notes) => notes,
      );
      saved.forget();
      return this.get();
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
