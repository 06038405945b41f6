import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GIFT_AID_WORDING_VERSION } from '../../../shared/api/donations';
import { HMRC_SCHEDULE_ROWS } from '../../../shared/domain/gift-aid-schedule';
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

/**
 * The checks HMRC's own schedule validator makes of each donation line (written out here from its
 * rules, decision 102, not from ours): item 1 to 1000, a title of 2 to 4 letters, names of at most
 * 35 and a house of at most 40 characters in its character set, a UK postcode or X, a DD/MM/YY
 * date, an amount with two decimals. Answers the rules each row breaks.
 */
function scheduleRulesBroken(rows: string[][]): string[] {
  const western = (text: string) => /^[\u0020-\u007e\u00a1-\u00ff]*$/.test(text);
  const postcode =
    /^(GIR 0AA|((([A-Z][0-9][0-9]?)|(([A-Z][A-HJ-Y][0-9][0-9]?)|(([A-Z][0-9][A-Z])|([A-Z][A-HJ-Y][0-9]?[A-Z])))) [0-9][A-Z]{2}))$/;
  return rows.flatMap((row, i) => {
    const [item, title, first, last, house, code, aggregated, sponsored, date, amount] = row;
    const broken = [
      /^[1-9][0-9]{0,3}$/.test(item!) && Number(item) <= 1000 ? '' : 'item',
      title === '' || /^[A-Za-z][A-Za-z'-]{1,3}$/.test(title!) ? '' : 'title',
      first && western(first) && first.length <= 35 && first === first.trim() ? '' : 'first name',
      last && western(last) && last.length <= 35 && last === last.trim() ? '' : 'last name',
      house && western(house) && house.length <= 40 ? '' : 'house',
      code === 'X' || postcode.test(code!) ? '' : 'postcode',
      aggregated === '' && sponsored === '' ? '' : 'aggregated or sponsored',
      /^\d{2}\/\d{2}\/\d{2}$/.test(date!) ? '' : 'date',
      /^\d{1,13}\.\d{2}$/.test(amount!) && Number(amount) >= 0.01 ? '' : 'amount',
      // A spreadsheet's formula guard would reach HMRC as part of the value.
      row.some((cell) => cell.startsWith("'")) ? 'apostrophe' : '',
    ].filter(Boolean);
    return broken.map((rule) => `row ${i + 1}: ${rule}`);
  });
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

    it('holds the declaration to what HMRC takes: a short title, Latin letters, the limits, a written-out postcode', async () => {
      const cases: [object, string, RegExp][] = [
        [{ title: 'Professor' }, 'gift_aid.title', /2 to 4 letters/],
        [{ title: 'D' }, 'gift_aid.title', /2 to 4 letters/],
        [{ title: 'Dr.' }, 'gift_aid.title', /2 to 4 letters/],
        [{ first_name: 'Անի' }, 'gift_aid.first_name', /Latin letters/],
        [{ last_name: 'Петросян' }, 'gift_aid.last_name', /Latin letters/],
        [{ first_name: 'x'.repeat(36) }, 'gift_aid.first_name', /At most 35/],
        [{ last_name: '=HYPERLINK("http://x")' }, 'gift_aid.last_name', /Start with a letter/],
        [{ house: 'y'.repeat(41) }, 'gift_aid.house', /At most 40/],
        [{ house: 'Տուն 3' }, 'gift_aid.house', /Latin letters/],
        [{ postcode: 'N1' }, 'gift_aid.postcode', /UK postcode/],
        [{ postcode: '12345' }, 'gift_aid.postcode', /UK postcode/],
      ];
      for (const [overrides, field, detail] of cases) {
        const res = await donate({ amount: 1000, name: 'Ani', email: 'ga@example.org', gift_aid: giftAid(overrides) });
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json(), JSON.stringify(overrides)).toMatchObject({ field, detail: expect.stringMatching(detail) });
      }
      // Accents are Latin letters HMRC keeps; spaces are tidied and the postcode written out.
      const accepted = await donate({
        amount: 1000,
        name: 'Zoë',
        email: 'ga@example.org',
        gift_aid: giftAid({
          title: 'Prof',
          first_name: ' Zoë  Anne ',
          last_name: "O'Brien-Smith",
          house: 'Flat 2,  Élan House',
          postcode: 'sw1a1aa',
        }),
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const stored = await t.db.db
        .selectFrom('gift_aid_declarations')
        .selectAll()
        .where('first_name', '=', 'Zoë Anne')
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ title: 'Prof', last_name: "O'Brien-Smith", house: 'Flat 2, Élan House', postcode: 'SW1A 1AA' });
    });

    it('writes claimable donations in HMRC schedule columns and rules, leaving out cancelled ones and flagging what HMRC would refuse', async () => {
      await t.db.db.deleteFrom('gift_aid_declarations').execute();
      const pay = async (amount: number, gift: object, email: string) => {
        const started = (await donate({ amount, name: 'Donor', email, gift_aid: gift })).json();
        await payWithCard(t, started.clientSecret, '4242424242424242');
        return started;
      };
      await pay(2500, giftAid(), 'one@example.org');
      await pay(
        1000,
        giftAid({ title: null, first_name: 'Abroad', last_name: 'Hay-Smith', house: 'Villa 3, Lake Road', postcode: '', non_uk: true }),
        'two@example.org',
      );
      await pay(700, giftAid({ first_name: 'Cancelled' }), 'three@example.org');
      await donate({ amount: 900, name: 'Unpaid', email: 'four@example.org', gift_aid: giftAid({ first_name: 'Unpaid' }) });
      // Declarations kept from before these rules: what HMRC would refuse, as it was stored.
      await pay(1200, giftAid({ first_name: 'Stored' }), 'five@example.org');
      await pay(1300, giftAid({ first_name: 'Older' }), 'six@example.org');
      await t.db.db
        .updateTable('gift_aid_declarations')
        .set({ title: 'Professor', first_name: 'Անի', last_name: '=HYPERLINK("x")', postcode: 'n1 1aa' })
        .where('first_name', '=', 'Stored')
        .execute();
      await t.db.db.updateTable('gift_aid_declarations').set({ postcode: 'N11AA' }).where('first_name', '=', 'Older').execute();

      type Listed = { _id: string; first_name: string; wording_version: string; problems: { field: string; detail: string }[] };
      const list = (await asAdmin('GET', '/api/admin/gift_aid/declarations')).json<Listed[]>();
      expect(list.every((d) => d.wording_version === GIFT_AID_WORDING_VERSION)).toBe(true);
      const cancelled = list.find((d) => d.first_name === 'Cancelled')!;
      expect((await asAdmin('POST', '/api/admin/gift_aid/cancel', { _id: cancelled._id })).json()).toEqual({ succeeded: true });
      expect((await asAdmin('POST', '/api/admin/gift_aid/cancel', { _id: cancelled._id })).statusCode).toBe(404);
      const flagged = list.find((d) => d.first_name === 'Անի')!;
      expect(flagged.problems.map((p) => p.field)).toEqual(['title', 'first_name', 'last_name']);
      // A postcode without its space is only written out, not a problem.
      expect(list.find((d) => d.first_name === 'Older')!.problems).toEqual([]);
      expect(list.filter((d) => d.problems.length).map((d) => d.first_name)).toEqual(['Անի']);

      const schedule = async () => {
        const res = await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2026-11-21&to=2026-11-21');
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['content-disposition']).toBe('attachment; filename="gift-aid-2026-11-21-to-2026-11-21.csv"');
        return parseCsv(res.body);
      };
      const header = [
        'Item',
        'Title',
        'First name or initial',
        'Last name',
        'House name or number',
        'Postcode',
        'Aggregated donations',
        'Sponsored event',
        'Donation date (DD/MM/YY)',
        'Amount',
      ];
      expect(await schedule()).toEqual([
        header,
        ['1', 'Dr', 'Ani', 'Petrosyan', '12', 'N1 1AA', '', '', '21/11/26', '25.00'],
        // HMRC: a space for the hyphen of a double-barrelled name; X for a donor abroad.
        ['2', '', 'Abroad', 'Hay Smith', 'Villa 3, Lake Road', 'X', '', '', '21/11/26', '10.00'],
        ['3', 'Dr', 'Older', 'Petrosyan', '12', 'N1 1AA', '', '', '21/11/26', '13.00'],
      ]);
      expect(scheduleRulesBroken((await schedule()).slice(1))).toEqual([]);

      // The admin corrects the flagged one (refused while it still breaks a rule), and it joins the schedule.
      const correct = (details: object) => asAdmin('POST', `/api/admin/gift_aid/declarations/${flagged._id}`, details);
      const details = { title: 'Prof', first_name: 'Ani', last_name: 'Hovhannisyan', house: '12', postcode: 'n1 1aa', non_uk: false };
      expect((await correct({ ...details, first_name: 'Անի' })).json()).toMatchObject({ field: 'first_name' });
      const corrected = await correct(details);
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(corrected.json()).toMatchObject({ title: 'Prof', first_name: 'Ani', postcode: 'N1 1AA', problems: [] });
      const audit = await t.db.db.selectFrom('audit_log').select('summary').where('subject_id', '=', flagged._id).execute();
      expect(audit.map((a) => a.summary)).toEqual([
        'Corrected the Gift Aid declaration of Անի =HYPERLINK("x") (title, first name, last name, postcode)',
      ]);
      const rows = (await schedule()).slice(1);
      expect(rows.map((row) => row.slice(0, 4))).toContainEqual(['3', 'Prof', 'Ani', 'Hovhannisyan']);
      expect(scheduleRulesBroken(rows)).toEqual([]);
      expect((await asAdmin('POST', `/api/admin/gift_aid/declarations/${cancelled._id}`, details)).statusCode).toBe(409);
      expect((await asAdmin('POST', '/api/admin/gift_aid/declarations/nobody', details)).statusCode).toBe(404);

      const empty = await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2026-11-22&to=2026-12-31');
      expect(parseCsv(empty.body)).toEqual([header]);
      expect((await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2026-12-01&to=2026-11-01')).statusCode).toBe(400);
      expect((await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=yesterday&to=2026-11-01')).json().field).toBe('from');
    });

    it("claims a member's later donations under the standing declaration an import brought in, within its scope", async () => {
      await t.db.db.deleteFrom('gift_aid_declarations').execute();
      const member = await t.userWithRole('member');
      const standing = (id: string, declared_at: string, past_and_future: number, cancelled_at: string | null = null) =>
        t.db.db
          .insertInto('gift_aid_declarations')
          .values({
            id,
            donation_id: null,
            user_id: member.id,
            title: 'Dr',
            first_name: 'Aram',
            last_name: 'Imported',
            house: '7',
            postcode: 'N1 1AA',
            non_uk: 0,
            past_and_future,
            wording_version: GIFT_AID_WORDING_VERSION,
            declared_at,
            cancelled_at,
            cancelled_by: cancelled_at ? 'admin' : null,
          })
          .execute();
      /** A completed donation as the card step leaves one: by the member signed in, or from their address. */
      const given = async (
        id: string,
        at: string,
        options: { signedIn?: boolean; email?: string; status?: 'succeeded' | 'refunded' } = {},
      ) => {
        const email = options.email ?? member.email.toUpperCase();
        await t.db.db
          .insertInto('payments')
          .values({
            id: `p-${id}`,
            kind: 'donation',
            status: options.status ?? 'succeeded',
            amount_pence: 2000,
            refunded_pence: options.status === 'refunded' ? 2000 : 0,
            provider: 'test',
            provider_ref: null,
            user_id: options.signedIn ? member.id : null,
            email,
            tier_index: null,
            date_effective: null,
            reference_id: id,
            created_at: at,
            completed_at: at,
            note: null,
            period_start: null,
            period_end: null,
          })
          .execute();
        await t.db.db
          .insertInto('donations')
          .values({
            id,
            amount_pence: 2000,
            name: 'Aram',
            email,
            status: 'completed',
            payment_id: `p-${id}`,
            created_at: at,
            completed_at: at,
          })
          .execute();
      };
      // Declared on 1 June 2025 for the future only; a later one (cancelled) does not count.
      await standing('standing-1', '2025-06-01T00:00:00.000Z', 0);
      await standing('standing-2', '2026-01-01T00:00:00.000Z', 1, '2026-02-01T00:00:00.000Z');
      await given('before-declaration', '2025-05-01T10:00:00.000Z');
      await given('from-their-address', '2025-07-01T10:00:00.000Z');
      await given('signed-in', '2025-08-01T10:00:00.000Z', { signedIn: true, email: 'another@example.org' });
      await given('refunded', '2025-09-01T10:00:00.000Z', { status: 'refunded' });
      await given('someone-else', '2025-10-01T10:00:00.000Z', { email: 'someone@example.org' });
      const schedule = async () =>
        parseCsv((await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2025-01-01&to=2025-12-31')).body)
          .slice(1)
          .map((row) => [row[2], row[3], row[8]]);
      expect(await schedule()).toEqual([
        ['Aram', 'Imported', '01/07/25'],
        ['Aram', 'Imported', '01/08/25'],
      ]);
      // "Past and future" reaches back four years from its date.
      await t.db.db.updateTable('gift_aid_declarations').set({ past_and_future: 1 }).where('id', '=', 'standing-1').execute();
      expect((await schedule()).map((row) => row[2])).toEqual(['01/05/25', '01/07/25', '01/08/25']);
      // Cancelled: nothing more is claimed under it.
      await t.db.db
        .updateTable('gift_aid_declarations')
        .set({ cancelled_at: '2026-03-01T00:00:00.000Z' })
        .where('id', '=', 'standing-1')
        .execute();
      expect(await schedule()).toEqual([]);
    });

    it(`refuses a schedule longer than HMRC's ${HMRC_SCHEDULE_ROWS} lines, naming the end date`, async () => {
      await t.db.db.deleteFrom('gift_aid_declarations').execute();
      const at = '2026-10-01T12:00:00.000Z';
      const count = HMRC_SCHEDULE_ROWS + 1;
      const ids = Array.from({ length: count }, (_, i) => `bulk-${String(i).padStart(4, '0')}`);
      for (let i = 0; i < count; i += 200) {
        const part = ids.slice(i, i + 200);
        await t.db.db
          .insertInto('payments')
          .values(
            part.map((id) => ({
              id: `p-${id}`,
              kind: 'donation' as const,
              status: 'succeeded' as const,
              amount_pence: 500,
              provider: 'test' as const,
              provider_ref: null,
              user_id: null,
              email: `${id}@example.org`,
              tier_index: null,
              date_effective: null,
              reference_id: id,
              created_at: at,
              completed_at: at,
              note: null,
              period_start: null,
              period_end: null,
            })),
          )
          .execute();
        await t.db.db
          .insertInto('donations')
          .values(
            part.map((id) => ({
              id,
              amount_pence: 500,
              name: 'Bulk',
              email: `${id}@example.org`,
              status: 'completed' as const,
              payment_id: `p-${id}`,
              created_at: at,
              completed_at: at,
            })),
          )
          .execute();
        await t.db.db
          .insertInto('gift_aid_declarations')
          .values(
            part.map((id) => ({
              id: `g-${id}`,
              donation_id: id,
              title: null,
              first_name: 'Bulk',
              last_name: 'Donor',
              house: '1',
              postcode: 'N1 1AA',
              non_uk: 0,
              past_and_future: 0,
              wording_version: GIFT_AID_WORDING_VERSION,
              declared_at: at,
              cancelled_at: null,
              cancelled_by: null,
            })),
          )
          .execute();
      }
      const refused = await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2026-10-01&to=2026-10-01');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ field: 'to', detail: expect.stringMatching(/1,000 donations/) });
      await t.db.db.deleteFrom('gift_aid_declarations').where('id', '=', `g-${ids[0]}`).execute();
      const full = parseCsv((await asAdmin('GET', '/api/admin/gift_aid/export.csv?from=2026-10-01&to=2026-10-01')).body);
      expect(full).toHaveLength(HMRC_SCHEDULE_ROWS + 1);
      expect(full.at(-1)![0]).toBe(String(HMRC_SCHEDULE_ROWS));
    });
  });
});
