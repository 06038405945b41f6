import { describe, expect, it } from 'vitest';
import { siteTextDefaults, type SiteTextKey } from './site-text';
import { siteTextHy } from './site-text-hy';
import { defaultsIn, isTranslatedKey, parseStoredTextKey, storedTextKey } from './site-text-languages';

const placeholders = (text: string) => [...text.matchAll(/\{[a-z_]+\}/g)].map((m) => m[0]).sort();
const armenian = siteTextHy as Record<string, string>;

describe('the Armenian site texts (decision 150)', () => {
  const keys = Object.keys(siteTextDefaults) as SiteTextKey[];

  it('give every text that is words an Armenian value, in Armenian letters, and none to a text shared by both languages', () => {
    for (const key of keys) {
      if (!isTranslatedKey(key)) {
        expect(armenian[key], key).toBeUndefined();
        continue;
      }
      const value = armenian[key];
      expect(value, key).toBeDefined();
      expect(value!.trim(), key).not.toBe('');
      // Armenian, not English left in place (brand names and codes aside: AMA GB, CPD, CVC, PNG or JPEG, Gift Aid).
      if (
        /[a-z]{4,}/i.test(siteTextDefaults[key]) &&
        ![
          'site_short_name',
          'event.cpd',
          'card.cvc',
          'committee.photo_types',
          'donate.gift_aid_label',
          'gift_aid_admin.title',
          'profile.admin.gift_aid_title',
          'profile.receipt_button',
        ].includes(key)
      )
        expect(value, key).toMatch(/[\u0531-\u0587]/);
    }
    for (const key of Object.keys(armenian)) expect(key in siteTextDefaults, key).toBe(true);
  });

  it('keep the placeholders of the English ({count}, {email}...)', () => {
    for (const key of keys)
      if (armenian[key] !== undefined) expect(placeholders(armenian[key]), key).toEqual(placeholders(siteTextDefaults[key]));
  });

  it('fill the Armenian defaults from the English where a text is shared, and store an Armenian value under its own key', () => {
    const hy = defaultsIn('hy', siteTextHy);
    expect(hy['nav.events']).toBe('Միջոցառումներ');
    expect(hy.contact_email).toBe(siteTextDefaults.contact_email);
    expect(defaultsIn('en', siteTextHy)).toBe(siteTextDefaults);
    expect(storedTextKey('nav.events', 'hy')).toBe('hy:nav.events');
    expect(storedTextKey('nav.events', 'en')).toBe('nav.events');
    expect(parseStoredTextKey('hy:nav.events')).toEqual({ key: 'nav.events', language: 'hy' });
    expect(parseStoredTextKey('nav.events')).toEqual({ key: 'nav.events', language: 'en' });
  });
});
