import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { recordRenewalRequest } from '../api/admin';
import { attendeeMailRequest, checkHandPayment, handBookingFields } from '../api/event-admin';
import { addMemberRequest } from '../api/imports';
import { GIFT_AID_NEEDS_NUMBER, NOT_A_PAGE, settingSchemas } from '../api/settings';
import { setStringRequest } from '../api/site-text';
import { armenianMessage } from './messages-hy';

/** The messages a schema gives for a value. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe("the back office's form messages in Armenian (decision 190)", () => {
  it('has an Armenian for every message its forms can show', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const shown = [
      ...messages(recordRenewalRequest, { user_id: 'u1', tier_index: 0, amount: 'ten', note: '' }),
      ...messages(recordRenewalRequest, { user_id: 'u1', tier_index: 0, amount: 1.5, note: long(200) }),
      ...messages(recordRenewalRequest, { user_id: 'u1', tier_index: 0, amount: -1, note: 'Cheque' }),
      ...messages(recordRenewalRequest, { user_id: 'u1', tier_index: 0, amount: 2_000_000, note: 'Cheque' }),
      ...messages(handBookingFields, { name: '', email: 'nope', payment: 'gold', amount: 'x', reference: long(100), note: long(200) }),
      ...messages(handBookingFields.superRefine(checkHandPayment), { name: 'Ani', email: 'ani@example.org', payment: 'cheque', amount: 0 }),
      ...messages(handBookingFields.superRefine(checkHandPayment), {
        name: 'Ani',
        email: 'ani@example.org',
        payment: 'bank_transfer',
        amount: 500,
      }),
      ...messages(attendeeMailRequest, { request_id: crypto.randomUUID(), subject: '', body: '', include_waitlist: false }),
      ...messages(attendeeMailRequest, {
        request_id: crypto.randomUUID(),
        subject: long(150),
        body: long(10_000),
        include_waitlist: false,
      }),
      ...messages(addMemberRequest, {
        tier_index: 0,
        first_name: '',
        last_name: '',
        email: 'nope',
        phone_no: 'abc',
        addr_line1: '',
        addr_city: '',
        addr_post: '',
        title: long(40),
        registered_date: '1/9/2024',
        last_renewed_date: '2026-02-30',
      }),
      ...Object.values(settingSchemas).flatMap((schema) => [...messages(schema, long(10_000)), ...messages(schema, '  ')]),
      ...messages(settingSchemas.charity_number, 'not a number'),
      ...messages(settingSchemas.social_media_url, 'javascript:alert(1)'),
      ...messages(setStringRequest, { key: 'site_name', value: long(20_000) }),
      GIFT_AID_NEEDS_NUMBER,
      NOT_A_PAGE,
    ];
    expect(shown.length).toBeGreaterThan(20);
    expect([...new Set(shown)].filter((message) => armenianMessage(message) === undefined)).toEqual([]);
  });

  it('keeps the example of a date as it was given', () => {
    expect(armenianMessage('Use a date like 2024-09-01')).toBe('Մուտքագրեք ամսաթիվ, օրինակ՝ 2024-09-01');
  });
});
