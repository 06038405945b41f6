import { describe, expect, it } from 'vitest';
import { accountName, emailChangeRequest, passwordChangeRequest } from '../api/account';
import { pwForgotRequest } from '../api/accounts';
import { articleFields } from '../api/articles';
import { committeeFields } from '../api/committee';
import { eventForm } from '../api/events';
import { audience, createNewsletterRequest, sendRequest } from '../api/newsletters';
import { armenianMessage } from './messages-hy';

/** Every message a schema gives for a form filled in badly. */
function messagesOf(schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } }, values: unknown): string[] {
  return (schema.safeParse(values).error?.issues ?? []).map((issue) => issue.message);
}

const doc = (text: string, url?: string) =>
  JSON.stringify({
    blocks: [
      {
        key: 'a',
        text,
        type: 'unstyled',
        depth: 0,
        inlineStyleRanges: [],
        entityRanges: url ? [{ offset: 0, length: text.length, key: 0 }] : [],
        data: {},
      },
    ],
    entityMap: url ? { 0: { type: 'LINK', mutability: 'MUTABLE', data: { url } } } : {},
  });

/** The event form as it sends its fields: every one, empty where nothing was typed. */
const eventBlank = { description: '', member_price: '', price: '', capacity: '', cpd_hours: '', cancel_cutoff_days: '7' };

describe("the editors' form messages in Armenian (decision 205)", () => {
  it('has an Armenian message for each an editor or the admin can meet on the editors', () => {
    const messages = new Set([
      // The article editor: empty, too long, a bad date, a link that is not a web address.
      ...messagesOf(articleFields, {
        title: ' ',
        dated: '2026-02-30',
        categories: [' '],
        content: '{',
        hy: { title: '', content: doc('x') },
      }),
      ...messagesOf(articleFields, {
        title: 'x'.repeat(201),
        dated: 'soon',
        categories: Array(21).fill('x'.repeat(51)),
        content: doc('x', 'javascript:alert(1)'),
      }),
      ...messagesOf(articleFields, {
        title: 'x',
        dated: '2026-01-01',
        content: doc('x'.repeat(100_001)),
        image: 'ftp://x',
        image_alt: 'x'.repeat(301),
      }),
      // The event form: everything wrong at once, then the times out of order.
      ...messagesOf(eventForm, {
        ...eventBlank,
        title: '',
        dated: 'soon',
        description: 'x'.repeat(5001),
        end_dated: '2026-02-30T10:00',
        online_url: 'ftp://x',
        capacity: 'many',
        member_price: '12.505',
        price: '99999',
        cpd_hours: '1.1',
        cancel_cutoff_days: 'a week',
        image: 'ftp://x',
        hy: { title: '', description: 'x', venue_name: '', venue_address: '' },
      }),
      ...messagesOf(eventForm, {
        ...eventBlank,
        title: 'x',
        dated: '2026-12-05T18:30',
        capacity: '0',
        cpd_hours: '101',
        cancel_cutoff_days: '1.5',
        hy: { title: '', description: '', venue_name: '', venue_address: '' },
      }),
      ...messagesOf(eventForm, {
        ...eventBlank,
        title: 'x',
        dated: '2026-12-05T18:30',
        end_dated: '2026-12-05T18:00',
        booking_opens: '2026-12-06T10:00',
        booking_closes: '2026-12-06T09:00',
        capacity: '1.5',
        cpd_hours: '-1',
        hy: { title: '', description: '', venue_name: '', venue_address: '' },
      }),
      // The committee editor.
      ...messagesOf(committeeFields, {
        name: '',
        role: ' ',
        image: 'ftp://x',
        description: 'x'.repeat(5001),
        priority: 1.5,
        hy: { role: '' },
      }),
      // The newsletter writer and its audience.
      ...messagesOf(createNewsletterRequest, { subject: '', content: doc(''), list: 'l1', audience: { kind: 'all_members' } }),
      ...messagesOf(createNewsletterRequest, { list: 'l1', audience: { kind: 'all_members' } }),
      ...messagesOf(audience, { kind: 'tier', tiers: [] }),
      ...messagesOf(audience, { kind: 'status', status: 'gone' }),
      ...messagesOf(audience, { kind: 'status', status: 'expiring', days: 0, months: 121 }),
      ...messagesOf(audience, { kind: 'status', status: 'lapsed', days: 367, months: 0 }),
      ...messagesOf(audience, { kind: 'event', event_id: ' ' }),
      ...messagesOf(sendRequest, { at: 'tomorrow' }),
      // My Profile's own forms, and asking for a new password.
      ...messagesOf(accountName, { first_name: '', last_name: 'x'.repeat(101) }),
      ...messagesOf(passwordChangeRequest, { current_password: '', new_password: 'short' }),
      ...messagesOf(emailChangeRequest, { new_email: 'not mail', password: '' }),
      ...messagesOf(pwForgotRequest, { email: ' ' }),
    ]);
    expect(messages.size).toBeGreaterThan(40);
    const untranslated = [...messages].filter((message) => !armenianMessage(message)?.match(/[\u0531-\u0587]/));
    expect(untranslated).toEqual([]);
  });

  it('writes the numbers as an Armenian reader does, and keeps what the editor typed', () => {
    expect(armenianMessage('At most 20 categories')).toBe('Առավելագույնը 20 կատեգորիա');
    expect(armenianMessage('The text is longer than 100,000 characters')).toBe('Տեքստը 100\u00a0000 նիշից երկար է');
    expect(armenianMessage('Too big: expected number to be <=100000')).toBe('Ոչ ավելի, քան 100\u00a0000');
    expect(armenianMessage('Too small: expected number to be >=-1000000')).toBe('Ոչ պակաս, քան -1000000');
    expect(
      armenianMessage(
        'The link on "our "site"" goes to "javascript:x", which is not a web address (http or https), mailto or tel: correct it or remove the link',
      ),
    ).toBe(
      '«our "site"» բառերի հղումը տանում է "javascript:x" հասցեով, որը վեբ հասցե (http կամ https), mailto կամ tel չէ․ ուղղեք կամ հեռացրեք հղումը',
    );
  });
});
