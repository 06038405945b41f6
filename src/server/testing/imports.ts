import type { TestApp } from './test-app';
import { multipartForm } from './multipart';
import { xlsxFile, type TestCell } from './xlsx-file';

export const CSV_TYPE = 'text/csv';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CSV of these rows, quoted where needed, lines ended as Excel ends them. */
export function csvText(rows: (string | number | null)[][]): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

export const MEMBER_HEADER = [
  'Title',
  'First name',
  'Surname',
  'Email',
  'Tier',
  'Joined',
  'Last renewed',
  'News by e-mail',
  'Address line 1',
  'Postcode',
];

export type ImportFiles = {
  members: Buffer;
  membersName?: string;
  payments?: Buffer;
  paymentsName?: string;
  mapping?: object;
  paymentsMapping?: object;
  dateFormat?: string;
};

/** Uploads files for a dry run, as the import page does. */
export function dryRun(t: TestApp, authorization: string, files: ImportFiles) {
  const type = (name: string) => (name.endsWith('.xlsx') ? XLSX_TYPE : CSV_TYPE);
  const membersName = files.membersName ?? 'members.csv';
  const form = multipartForm({
    file: { data: files.members, filename: membersName, contentType: type(membersName) },
    payments: files.payments
      ? { data: files.payments, filename: files.paymentsName ?? 'payments.csv', contentType: type(files.paymentsName ?? '.csv') }
      : undefined,
    mapping: files.mapping ? JSON.stringify(files.mapping) : undefined,
    payments_mapping: files.paymentsMapping ? JSON.stringify(files.paymentsMapping) : undefined,
    date_format: files.dateFormat,
  });
  return t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...form.headers, authorization }, payload: form.payload });
}

export function commit(t: TestApp, authorization: string, id: string, onError: 'skip' | 'block' = 'skip') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/imports/${id}/commit`,
    headers: { authorization },
    payload: { on_error: onError },
  });
}

/** Rows of people, counted in the tables an import writes to (to see that a dry run writes nothing). */
export async function writtenCounts(t: TestApp) {
  const count = async (table: 'users' | 'payments' | 'consents' | 'gift_aid_declarations' | 'member_notes' | 'outbox' | 'audit_log') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: await count('users'),
    payments: await count('payments'),
    consents: await count('consents'),
    declarations: await count('gift_aid_declarations'),
    notes: await count('member_notes'),
    outbox: await count('outbox'),
    audit: await count('audit_log'),
  };
}

export { xlsxFile, type TestCell };
