import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../../shared/api/imports';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { csvText, dryRun, MEMBER_HEADER, writtenCounts, xlsxFile } from '../../testing/imports';
import { excelDate, zip } from '../../testing/xlsx-file';

/** The dry run: reading the files, guessing the mapping, every error kind, the limits; nothing written. */
describe('importing members: the dry run', () => {
  let t: TestApp;
  let admin: { id: string; email: string; authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.userWithRole('admin');
  });
  afterAll(() => t.close());

  const people = [
    [
      'Dr',
      'Anahit',
      'Petrosyan',
      'anahit@example.org',
      'Doctors, Dental Surgeons and Pharmacists',
      '12/05/2019',
      '01/03/2026',
      'yes',
      '1 High St',
      'N1 1AA',
    ],
    ['', 'Aram', 'Sargsyan', 'aram@example.org', '1', '02/02/2020', '15/10/2026', 'no', '', ''],
  ];

  it('reads a UTF-8 CSV, guesses the mapping from the headers, says what each row would do and writes nothing', async () => {
    const before = await writtenCounts(t);
    const res = await dryRun(t, admin.authorization, { members: Buffer.from(csvText([MEMBER_HEADER, ...people])) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ready',
      encoding: 'UTF-8',
      date_format: 'dmy',
      columns: MEMBER_HEADER,
      summary: { create: 2, update: 0, skip: 0, error: 0 },
      can_undo: false,
      payments: null,
    });
    expect(body.mapping).toMatchObject({
      title: 'Title',
      first_name: 'First name',
      last_name: 'Surname',
      email: 'Email',
      tier: 'Tier',
      registered_date: 'Joined',
      last_renewed_date: 'Last renewed',
      news_email: 'News by e-mail',
      addr_line1: 'Address line 1',
      addr_post: 'Postcode',
      phone_no: null,
    });
    expect(body.rows).toEqual([
      { row: 2, file: 'members', action: 'create', errors: [], changes: [] },
      { row: 3, file: 'members', action: 'create', errors: [], changes: [] },
    ]);
    expect(await writtenCounts(t)).toEqual(before);
    // The dry run is kept for the commit, and read back the same.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${body.id}`,
      headers: { authorization: admin.authorization },
    });
    expect(again.json()).toEqual(body);
  });

  it('detects and states a byte-order mark and Windows-1252, reading accents and the pound sign', async () => {
    const text = csvText([MEMBER_HEADER, ['', 'Zoë', 'Müller £', 'zoe@example.org', '2', '', '01/09/2026', '', '', '']]);
    const bom = await dryRun(t, admin.authorization, { members: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]) });
    expect(bom.json()).toMatchObject({ encoding: 'UTF-8 with a byte-order mark', columns: MEMBER_HEADER, summary: { create: 1 } });
    const latin = Buffer.from(text, 'latin1');
    expect(latin.includes(Buffer.from([0xeb]))).toBe(true);
    const windows = await dryRun(t, admin.authorization, { members: latin });
    expect(windows.json()).toMatchObject({ encoding: 'Windows-1252 (Excel on Windows)', summary: { create: 1, error: 0 } });
    const id = windows.json().id as string;
    const stored = await t.db.db.selectFrom('import_rows').select('data').where('import_id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({ first_name: 'Zoë', last_name: 'Müller £' });
    // A semicolon-separated file (as some spreadsheets write CSV) is read too.
    const semicolons = await dryRun(t, admin.authorization, { members: Buffer.from(text.replace(/,/g, ';')) });
    expect(semicolons.json()).toMatchObject({ summary: { create: 1, error: 0 } });
  });

  it('lists every error with its row, column and a plain reason', async () => {
    const staff = await t.userWithRole('editor', 'editor-in-file@example.org');
    const rows = [
      ['', 'A', 'One', 'one@example.org', 'Gold', '01/01/2020', '01/03/2026', 'yes', '', ''],
      ['', 'B', 'Two', 'two@example.org', '0', '31/02/2024', '01/03/2026', '', '', ''],
      ['', 'C', 'Three', 'twice@example.org', '0', '01/01/2020', '01/03/2026', '', '', ''],
      ['', 'D', 'Four', 'TWICE@example.org', '0', '01/01/2020', '01/03/2026', '', '', ''],
      ['', '', 'Five', 'five@example.org', '0', '01/01/2020', '01/03/2026', '', '', ''],
      ['', 'F', 'Six', staff.email, '0', '01/01/2020', '01/03/2026', '', '', ''],
      ['', 'G', 'Seven', 'seven@example.org', '=HYPERLINK("http://x")', '01/01/2020', '01/03/2026', '', '', ''],
      ['', 'H', 'Eight', 'not-an-address', '0', '01/01/2020', '01/03/2026', 'perhaps', '', ''],
      ['', 'I', 'Nine', 'nine@example.org', '0', '01/01/2020', '01/03/2026', '', '', ''],
    ];
    const res = await dryRun(t, admin.authorization, { members: Buffer.from(csvText([MEMBER_HEADER, ...rows])) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.summary).toEqual({ create: 1, update: 0, skip: 0, error: 8 });
    const errorsOf = (row: number) => body.rows.find((r: { row: number }) => r.row === row).errors;
    expect(errorsOf(2)).toEqual([{ column: 'Tier', detail: expect.stringMatching(/^Unknown tier "Gold"/) }]);
    expect(errorsOf(3)).toEqual([{ column: 'Joined', detail: '"31/02/2024" is not a date (read as DD/MM/YYYY)' }]);
    expect(errorsOf(4)).toEqual([{ column: 'Email', detail: 'This e-mail address is also on row 5' }]);
    expect(errorsOf(5)).toEqual([{ column: 'Email', detail: 'This e-mail address is also on row 4' }]);
    expect(errorsOf(6)).toEqual([{ column: 'First name', detail: 'Missing required field: the first name' }]);
    expect(errorsOf(7)).toEqual([
      { column: null, detail: 'This address belongs to an editor account: the import never changes staff accounts' },
    ]);
    expect(errorsOf(8)).toContainEqual({ column: 'Tier', detail: 'A formula cell: put the value itself in the file' });
    expect(errorsOf(9)).toEqual([
      { column: 'Email', detail: '"not-an-address" is not an e-mail address' },
      { column: 'News by e-mail', detail: '"perhaps" is neither yes nor no' },
    ]);
    expect(body.rows.find((r: { row: number }) => r.row === 10)).toMatchObject({ action: 'create', errors: [] });

    // The outcomes download as CSV, one line per problem.
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/admin/imports/${body.id}/outcomes.csv`,
      headers: { authorization: admin.authorization },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('members,3,error,Joined,"""31/02/2024"" is not a date (read as DD/MM/YYYY)"');
    expect(csv.body).toContain('members,8,error,Tier,A formula cell: put the value itself in the file');
  });

  it('refuses a role above member, reads ISO dates when told, and checks the membership dates against each other', async () => {
    const header = ['First name', 'Last name', 'E-mail', 'Role', 'Tier', 'Member since', 'Current year from', 'Expiry'];
    const rows = [
      ['Ani', 'Admin', 'ani-admin@example.org', 'admin', '0', '2020-01-01', '2026-03-01', '2027-03-01'],
      ['Bob', 'Dates', 'bob@example.org', 'member', '0', '2020-01-01', '2026-03-01', '2027-04-01'],
      ['Cat', 'Future', 'cat@example.org', '', '0', '2020-01-01', '2027-01-01', ''],
      ['Dan', 'Expiry', 'dan@example.org', '', '1', '', '', '2027-01-10'],
      ['Eve', 'NoTier', 'eve@example.org', '', '', '', '2026-01-10', ''],
    ];
    const res = await dryRun(t, admin.authorization, { members: Buffer.from(csvText([header, ...rows])), dateFormat: 'iso' });
    const body = res.json();
    expect(body.mapping).toMatchObject({
      role: 'Role',
      registered_date: 'Member since',
      last_renewed_date: 'Current year from',
      expiry_date: 'Expiry',
    });
    const errorsOf = (row: number) => body.rows.find((r: { row: number }) => r.row === row).errors;
    expect(errorsOf(2)).toEqual([
      { column: 'Role', detail: 'Imported people are members: an admin is made on the Roles page after the import' },
    ]);
    expect(errorsOf(3)).toEqual([{ column: 'Expiry', detail: 'The expiry 2027-04-01 is not a year after the last renewal 2026-03-01' }]);
    expect(errorsOf(4)).toEqual([{ column: 'Current year from', detail: 'The last renewal 2027-01-01 is in the future' }]);
    expect(errorsOf(5)).toEqual([]);
    expect(errorsOf(6)).toEqual([{ column: 'Tier', detail: 'Missing required field: the tier' }]);
    // A day-first date in an ISO file is no date.
    const wrong = await dryRun(t, admin.authorization, {
      members: Buffer.from(csvText([header, ['Fay', 'Slash', 'fay@example.org', '', '0', '01/01/2020', '2026-03-01', '']])),
      dateFormat: 'iso',
    });
    expect(wrong.json().rows[0].errors).toEqual([{ column: 'Member since', detail: '"01/01/2020" is not a date (read as YYYY-MM-DD)' }]);
  });

  it('reads an XLSX workbook: shared strings, numbers, dates as serial numbers, and formula cells as errors', async () => {
    const workbook = xlsxFile([
      ['First name', 'Surname', 'Email', 'Tier', 'Joined', 'Last renewed', 'Graduation year'],
      ['Lilit', 'Hakobyan', 'lilit@example.org', 2, excelDate('2023-09-01'), excelDate('2026-09-01'), 2028],
      [
        'Narek',
        'Avetisyan',
        'narek@example.org',
        { formula: 'A1&"x"', value: '0' },
        excelDate('2021-01-01'),
        excelDate('2026-06-01'),
        null,
      ],
    ]);
    const res = await dryRun(t, admin.authorization, { members: workbook, membersName: 'members.xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ encoding: 'Excel workbook (.xlsx)', file_name: 'members.xlsx', summary: { create: 1, error: 1 } });
    expect(body.rows[1].errors).toEqual([{ column: 'Tier', detail: 'A formula cell: put the value itself in the file' }]);
    const stored = await t.db.db
      .selectFrom('import_rows')
      .select('data')
      .where('import_id', '=', body.id)
      .where('row_number', '=', 2)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.data)).toMatchObject({
      first_name: 'Lilit',
      tier_index: 2,
      registered_date: '2023-09-01',
      last_renewed_date: '2026-09-01',
      grad_year: 2028,
    });
  });

  it('lets the admin change the mapping, and refuses a column the file does not have', async () => {
    const header = ['Given', 'Family', 'Mail', 'Category', 'Renewed'];
    const file = Buffer.from(csvText([header, ['Ani', 'Grig', 'ani.grig@example.org', '0', '01/03/2026']]));
    const guessed = (await dryRun(t, admin.authorization, { members: file })).json();
    expect(guessed.mapping).toMatchObject({
      first_name: null,
      last_name: null,
      email: 'Mail',
      tier: 'Category',
      last_renewed_date: 'Renewed',
    });
    expect(guessed.rows[0].errors.map((e: { detail: string }) => e.detail)).toContain(
      'No column is read as the first name: choose it in the mapping',
    );
    const mapped = await dryRun(t, admin.authorization, { members: file, mapping: { first_name: 'Given', last_name: 'Family' } });
    expect(mapped.json()).toMatchObject({ summary: { create: 1, error: 0 } });
    const unknown = await dryRun(t, admin.authorization, { members: file, mapping: { first_name: 'Nope' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'mapping', detail: expect.stringContaining('there is no column "Nope"') });
    const bad = await dryRun(t, admin.authorization, { members: file, dateFormat: 'mdy' });
    expect(bad.json()).toMatchObject({ field: 'date_format' });
  });

  it('refuses what is not a members file, or is over the limits, with a clear message and nothing written', async () => {
    const before = await writtenCounts(t);
    const imports = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('imports')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const importsBefore = await imports();
    const refuse = async (files: Parameters<typeof dryRun>[2], status: number, pattern: RegExp) => {
      const res = await dryRun(t, admin.authorization, files);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toMatch(pattern);
    };
    await refuse({ members: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) }, 400, /not a spreadsheet/);
    await refuse({ members: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]) }, 400, /old Excel file/);
    await refuse({ members: Buffer.from('\ufffeF\0i\0', 'utf16le') }, 400, /UTF-16/);
    await refuse(
      { members: Buffer.concat([Buffer.from('First name,Email\r\nA,'), Buffer.from([0x81, 0x8d]), Buffer.from('\r\n')]) },
      400,
      /neither UTF-8 nor Windows-1252/,
    );
    await refuse({ members: Buffer.from('') }, 400, /empty/);
    await refuse({ members: Buffer.from('Name,"Email\r\nA,b\r\n') }, 400, /could not be read|far too long/);
    const long = 'x'.repeat(IMPORT_LIMITS.maxCellChars + 1);
    await refuse(
      { members: Buffer.from(csvText([MEMBER_HEADER, ['', 'A', long, 'a@example.org', '0', '', '', '', '', '']])) },
      400,
      /Row 2, column 3: a cell has more than 10,000 characters/,
    );
    const many = `${MEMBER_HEADER.join(',')}\r\n${Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, (_, i) => `Dr,A,B,a${i}@example.org,0,,,,,`).join('\r\n')}`;
    await refuse({ members: Buffer.from(many) }, 400, /more than 50,000 rows/);
    await refuse({ members: Buffer.alloc(IMPORT_LIMITS.maxBytes + 1, 'a') }, 413, /at most 20 MB/);
    // Workbooks: external links, macros, a zip bomb, a zip that is no workbook.
    const sheet = [
      ['First name', 'Surname', 'Email'],
      ['A', 'B', 'a@example.org'],
    ];
    const part = (name: string) => ({ name, data: Buffer.from('<x/>') });
    await refuse({ members: xlsxFile(sheet, [part('xl/externalLinks/externalLink1.xml')]), membersName: 'm.xlsx' }, 400, /external links/);
    await refuse({ members: xlsxFile(sheet, [part('xl/vbaProject.bin')]), membersName: 'm.xlsx' }, 400, /macros/);
    await refuse(
      { members: xlsxFile(sheet, [{ name: 'xl/media/bomb.xml', data: Buffer.alloc(30 * 1024 * 1024) }]), membersName: 'm.xlsx' },
      400,
      /zip bomb/,
    );
    await refuse({ members: zip([part('hello.txt')]), membersName: 'm.xlsx' }, 400, /not an Excel workbook/);
    expect(await writtenCounts(t)).toEqual(before);
    expect(await imports()).toBe(importsBefore);
  });

  it('is the admin’s alone', async () => {
    const member = await t.userWithRole('member');
    const res = await dryRun(t, member.authorization, { members: Buffer.from(csvText([MEMBER_HEADER, ...people])) });
    expect(res.statusCode).toBe(403);
  });
});
