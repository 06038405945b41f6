import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GIFT_AID_WORDING_VERSION } from '../../../shared/api/donations';
import { outboxFor, payWithCard } from '../../testing/membership';
import { CARD_LIMITS } from '../../payments/card-brake';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** RFC 4180 parsing, to read the export back as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\ufeff/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('donations', () => {
  let t: TestApp;
  let admin: string;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.userWithRole('admin')).authorization;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.db.deleteFrom('rate_limit_hits').execute();
  });

  const donate = (payload: object, remoteAddress = `10.6.${Math.floor(++ip / 250)}.${ip % 250}`) =>
    t.app.inject({ method: 'POST', url: '/api/donate_proceed', payload, remoteAddress });
  const intents = async () => (await t.db.db.selectFrom('test_payment_intents').select('id').execute()).length;
  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
  const giftAid = (overrides: object = {}) => ({
    title: 'Dr',
    first_name: 'Ani',
    last_name: 'Petrosyan',
    house: '12',
    postcode: 'n1 1aa',
    non_uk: false,
    past_and_future: true,
    confirmed: true,
    ...overrides,
  });

  it('takes whole pence between £1 and £10,000 and refuses anything else, storing nothing', async () => {
    const before = await intents();
    for (const amount of [99, 0, -100, 1_000_001, 150.5, '150.5', '1e3', 'lots', '', null]) {
      const res = await donate({ amount, name: 'A', email: 'a@example.org' });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().field).toBe('amount');
    }
    expect((await donate({ amount: 100, name: null, email: 'a@example.org' })).statusCode).toBe(200);
    expect((await donate({ amount: 1_000_000, name: 'B', email: 'b@example.org' })).statusCode).toBe(200);
    // A form or an older client may send the pence as digits.
    const digits = await donate({ amount: ' 2500 ', name: 'C', email: 'c@example.org' });
    expect(digits.json()).toMatchObject({ amount: 2500 });
    expect(await intents()).toBe(before + 3);
    expect((await donate({ amount: 500, name: '', email: 'a@example.org' })).json().field).toBe('name');
    expect((await donate({ amount: 500, name: 'A', email: 'nope' })).json().field).toBe('email');
  });

  it('completes a paid donation once and sends a receipt naming the charity', async () => {
    await t.services.siteText.set('charity_number', '1234567', null);
    const started = (await donate({ amount: 2500, name: null, email: 'giver@example.org' })).json();
    expect(started).toMatchObject({ amount: 2500, clientSecret: expect.stringMatching(/_secret_/) });
    expect((await payWithCard(t, started.clientSecret, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await payWithCard(t, started.clientSecret, '4242 4242 4242 4242')).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/payments/settle', payload: { client_secret: started.clientSecret } });
    const [receipt, ...more] = await outboxFor(t, 'giver@example.org');
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe('Thank you for your donation to the Armenian Medical Association of Great Britain');
    expect(receipt!.text_body).toContain('Donation: £25.00');
    expect(receipt!.text_body).toContain('Date: 21 November 2026');
    expect(receipt!.text_body).toContain('Registered charity number: 1234567');
    expect(receipt!.text_body).toContain('Dear friend,');
    await t.services.siteText.set('charity_number', '', null);
  });

  it(`lets no more than ${CARD_LIMITS.cardsPerAddress} of 200 attempts from one address reach the payment provider`, async () => {
    const before = await intents();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++)
      statuses.push((await donate({ amount: 100 + i, name: null, email: `tester${i}@example.org` }, '203.0.113.66')).statusCode);
    expect(await intents()).toBe(before + CARD_LIMITS.cardsPerAddress);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CARD_LIMITS.cardsPerAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - CARD_LIMITS.cardsPerAddress);
  });

  it('limits one e-mail address to 5 attempts, from any address', async () => {
    for (let i = 0; i < 5; i++) expect((await donate({ amount: 100, name: null, email: 'same@example.org' })).statusCode).toBe(200);
    expect((await donate({ amount: 100, name: null, email: 'SAME@example.org' })).statusCode).toBe(429);
  });

  describe('Gift Aid', () => {
    it('is offered only once switched on, which needs a charity number', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/donations/config' })).json()).toMatchObject({ gift_aid_available: false });
      expect((await donate({ amount: 1000, name: 'Ani', email: 'ga@example.org', gift_aid: giftAid() })).statusCode).toBe(400);
      // The switch lives in Settings, and needs the charity number.
      const refused = await asAdmin('POST', '/api/admin/settings', { gift_aid_enabled: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'gift_aid_enabled', detail: expect.stringMatching(/charity number/) });

      await t.services.siteText.set('charity_number', '1234567', null);
      expect((await asAdmin('POST', '/api/admin/settings', { gift_aid_enabled: true })).json()).toMatchObject({
        gift_aid_enabled: true,
        charity_number: '1234567',
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/donations/config' })).json()).toEqual({
        gift_aid_available: true,
        charity_number: '1234567',
        wording_version: GIFT_AID_WORDING_VERSION,
      });
    });

    it('needs a full name, house and postcode (or living abroad), and a named donor', async () => {
      const cases: [object, string][] = [
        [{ name: null, gift_aid: giftAid() }, 'gift_aid'],
        [{ name: 'Ani', gift_aid: giftAid({ first_name: '' }) }, 'gift_aid.first_name'],
        [{ name: 'Ani', gift_aid: giftAid({ house: '' }) }, 'gift_aid.house'],
        [{ name: 'Ani', gift_aid: giftAid({ postcode: '' }) }, 'gift_aid.postcode'],
        [{ name: 'Ani', gift_aid: giftAid({ confirmed: false }) }, 'gift_aid.confirmed'],
      ];
      for (const [payload, field] of cases) {
        const res = await donate({ amount: 1000, email: 'ga@example.org', ...payload });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().field).toBe(field);
      }
      expect(
        (await donate({ amount: 1000, name: 'Ani', email: 'ga@example.org', gift_aid: giftAid({ postcode: '', non_uk: true }) }))
          .statusCode,
      ).toBe(200);
    });

    it('exports claimable donations in the HMRC schedule columns, leaving out cancelled ones', async () => {
      await t.db.db.deleteFrom('gift_aid_declarations').execute();
      const pay = async (amount: number, gift: object, email: string) => {
        const started = (await donate({ amount, name: 'Donor', email, gift_aid: gift })).json();
        await payWithCard(t, started.clientSecret, '4242424242424242');
        return started;
      };
      await pay(2500, giftAid(), 'one@example.org');
      await pay(
        1000,
        giftAid({
          title: null,
          first_name: '=HYPERLINK("x")',
          last_name: 'Abroad',
          house: 'Villa 3, Lake Road',
          postcode: '',
          non_uk: true,
        }),
        'two@example.org',
      );
      await pay(700, giftAid({ first_name: 'Cancelled' }), 'three@example.org');
      await donate({ amount: 900, name: 'Unpaid', email: 'four@example.org', gift_aid: giftAid({ first_name: 'Unpaid' }) });

      const list = (await asAdmin('GET', '/api/admin/gift_aid/declarations')).json<
        {
          _id: string;
          first_name: string;
          wording_version: string;
        }[]
      >();
      expect(list.every((d) => d.wording_version === GIFT_AID_WORDING_VERSION)).toBe(true);
      const cancelled = list.find((d) => d.first_name === 'Cancelled')!;
      expect((await asAdmin('POST', '/api/admin/gift_aid/cancel', { _id: cancelled._id })).json()).toEqual({ succeeded: true });
      expect((await asAdmin('POST', '/api/admin/gift_aid/cancel', { _id: cancelled._id })).statusCode).toBe(404);

      const res = await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2026-11-21&to=2026-11-21');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="gift-aid-2026-11-21-to-2026-11-21.csv"');
      expect(parseCsv(res.body)).toEqual([
        [
          'Title',
          'First name',
          'Last name',
          'House name or number',
          'Postcode',
          'Aggregated donations',
          'Sponsored event',
          'Donation date (DD/MM/YY)',
          'Amount',
        ],
        ['Dr', 'Ani', 'Petrosyan', '12', 'N1 1AA', '', '', '21/11/26', '25.00'],
        ['', `'=HYPERLINK("x")`, 'Abroad', 'Villa 3, Lake Road', 'X', '', '', '21/11/26', '10.00'],
      ]);
      const empty = await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2026-11-22&to=2026-12-31');
      expect(parseCsv(empty.body)).toHaveLength(1);
      expect((await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2026-12-01&to=2026-11-01')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=yesterday&to=2026-11-01')).json().field).toBe('from');
    });
  });
});
