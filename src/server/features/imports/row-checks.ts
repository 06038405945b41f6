import { createHash } from 'node:crypto';
import { z } from 'zod';
import { IMPORT_LIMITS } from '../../../shared/api/imports';
import { emailKey } from '../../../shared/domain/email';
import { addYears } from '../../../shared/domain/membership';
import {
  excelSerialDate,
  memberFieldLabels,
  parseFileDate,
  parseGiftAidScope,
  parsePounds,
  parseYesNo,
  paymentFieldLabels,
  type DateFormat,
  type GiftAidScope,
  type MemberField,
  type PaymentField,
} from '../../../shared/domain/member-file';
import { tiers } from '../../../shared/domain/tiers';
import type { Cell } from './spreadsheet';

export type RowError = { column: string | null; detail: string };

/** A members row as checked: text fields trimmed (undefined when the file leaves them empty). */
export type MemberData = {
  email: string;
  email_key: string;
  first_name?: string;
  last_name?: string;
  title?: string;
  phone_no?: string;
  addr_line1?: string;
  addr_line2?: string;
  addr_city?: string;
  addr_post?: string;
  workplace?: string;
  job_title?: string;
  qualifications?: string;
  grad_year?: number;
  tier_index?: number;
  registered_date?: string;
  last_renewed_date?: string;
  news_email?: boolean;
  news_email_at?: string;
  news_email_source?: string;
  gift_aid?: { date: string; scope: GiftAidScope };
  note?: string;
};

export type PaymentData = {
  email_key: string;
  date: string;
  amount_pence: number;
  kind: 'registration' | 'renewal' | 'donation';
  method: string | null;
  reference: string | null;
};

/** The columns each field is read from (by index into the row), and their headers for messages. */
export type ColumnsOf<F extends string> = Partial<Record<F, { index: number; header: string }>>;

const TEXT_LIMITS = {
  title: 40,
  first_name: 100,
  last_name: 100,
  phone_no: 40,
  addr_line1: 200,
  addr_line2: 200,
  addr_city: 100,
  addr_post: 20,
  workplace: 200,
  job_title: 200,
  qualifications: 300,
  news_email_source: 100,
  note: 2000,
} as const;
type TextField = keyof typeof TEXT_LIMITS;

const validEmail = z.string().max(254).pipe(z.email());

const tierNames = tiers.map((t) => `${t.index} (${t.name})`).join(', ');

function tierOf(text: string): number | undefined {
  const value = text.trim();
  if (/^\d+$/.test(value)) return tiers.find((t) => t.index === Number(value))?.index;
  const key = value.toLowerCase().replace(/\s+/g, ' ');
  return tiers.find((t) => t.name.toLowerCase() === key)?.index;
}

/** Reads a row's cells through the mapping and checks each value (decision 110). */
export function checkMemberRow(cells: Cell[], columns: ColumnsOf<MemberField>, format: DateFormat, date1904: boolean, today: string) {
  const errors: RowError[] = [];
  const cellOf = (field: MemberField) => {
    const column = columns[field];
    return column ? (cells[column.index] ?? { text: '', formula: false }) : undefined;
  };
  const fail = (field: MemberField | null, detail: string) =>
    errors.push({ column: field ? (columns[field]?.header ?? memberFieldLabels[field]) : null, detail });
  /** The cell's text, trimmed; undefined when empty, unmapped or a formula (reported). */
  const text = (field: MemberField): string | undefined => {
    const cell = cellOf(field);
    if (!cell) return undefined;
    if (cell.formula) {
      fail(field, 'A formula cell: put the value itself in the file');
      return undefined;
    }
    const value = cell.text.trim();
    return value === '' ? undefined : value;
  };
  const date = (field: MemberField): string | undefined => {
    const cell = cellOf(field);
    const value = text(field);
    if (value === undefined || !cell) return undefined;
    const parsed = cell.number !== undefined ? excelSerialDate(cell.number, date1904) : parseFileDate(value, format);
    if (!parsed) fail(field, `"${value}" is not a date${format === 'dmy' ? ' (read as DD/MM/YYYY)' : ' (read as YYYY-MM-DD)'}`);
    return parsed;
  };

  const data: Partial<MemberData> = {};
  const email = text('email');
  if (!columns.email) fail(null, 'No column is read as the e-mail address: choose it in the mapping');
  else if (email === undefined) {
    if (!cellOf('email')?.formula) fail('email', 'Missing required field: the e-mail address');
  } else if (!validEmail.safeParse(email).success) fail('email', `"${email}" is not an e-mail address`);
  else {
    data.email = email;
    data.email_key = emailKey(email);
  }

  for (const field of Object.keys(TEXT_LIMITS) as TextField[]) {
    const value = text(field);
    if (value === undefined) continue;
    if (value.length > TEXT_LIMITS[field]) fail(field, `At most ${TEXT_LIMITS[field]} characters`);
    else data[field] = value;
  }
  for (const field of ['first_name', 'last_name'] as const) {
    if (!columns[field]) fail(null, `No column is read as the ${memberFieldLabels[field].toLowerCase()}: choose it in the mapping`);
    else if (data[field] === undefined && !errors.some((e) => e.column === columns[field]?.header))
      fail(field, `Missing required field: the ${memberFieldLabels[field].toLowerCase()}`);
  }
  if (data.phone_no !== undefined && !/^[+0-9 ()-]{6,}$/.test(data.phone_no)) {
    fail('phone_no', 'Use digits, spaces and + ( ) - in a phone number');
    delete data.phone_no;
  }

  const role = text('role');
  if (role !== undefined && role.toLowerCase() !== 'member') {
    if (['admin', 'editor'].includes(role.toLowerCase()))
      fail('role', `Imported people are members: an ${role.toLowerCase()} is made on the Roles page after the import`);
    else fail('role', `Unknown role "${role}": leave it empty or write member`);
  }

  const tier = text('tier');
  if (tier !== undefined) {
    const index = tierOf(tier);
    if (index === undefined) fail('tier', `Unknown tier "${tier}": use ${tierNames}`);
    else data.tier_index = index;
  }

  const grad = text('grad_year');
  if (grad !== undefined) {
    const year = Number(grad);
    if (!/^\d{4}$/.test(grad) || year < 1950 || year > 2100) fail('grad_year', `"${grad}" is not a year like 2028`);
    else data.grad_year = year;
  }

  const joined = date('registered_date');
  const renewed = date('last_renewed_date');
  const expiry = date('expiry_date');
  // The membership rule: expiry = last renewed + 1 year (decision 110).
  let lastRenewed = renewed;
  if (expiry !== undefined) {
    const fromExpiry = addYears(expiry, -1);
    if (renewed !== undefined && renewed !== fromExpiry)
      fail('expiry_date', `The expiry ${expiry} is not a year after the last renewal ${renewed}`);
    lastRenewed ??= fromExpiry;
  }
  if (joined !== undefined && joined > today) fail('registered_date', `The joining date ${joined} is in the future`);
  if (renewed !== undefined && renewed > today) fail('last_renewed_date', `The last renewal ${renewed} is in the future`);
  if (joined !== undefined && lastRenewed !== undefined && joined > lastRenewed)
    fail('registered_date', `Joined ${joined}, after the current year began (${lastRenewed})`);
  if (lastRenewed !== undefined) data.last_renewed_date = lastRenewed;
  if (joined !== undefined) data.registered_date = joined;
  else if (lastRenewed !== undefined && !columns.registered_date) data.registered_date = lastRenewed;
  if (lastRenewed !== undefined && tier === undefined && !cellOf('tier')?.formula)
    fail(columns.tier ? 'tier' : null, 'Missing required field: the tier');
  if (data.tier_index !== undefined && lastRenewed === undefined && renewed === undefined && expiry === undefined)
    fail(
      columns.last_renewed_date ? 'last_renewed_date' : columns.expiry_date ? 'expiry_date' : null,
      'Missing required field: the last renewed date or the expiry',
    );

  const consent = text('news_email');
  if (consent !== undefined) {
    const agreed = parseYesNo(consent);
    if (agreed === undefined) fail('news_email', `"${consent}" is neither yes nor no`);
    else data.news_email = agreed;
  }
  const consentAt = date('news_email_at');
  if (consentAt !== undefined) {
    if (consentAt > today) fail('news_email_at', `The consent date ${consentAt} is in the future`);
    else data.news_email_at = consentAt;
  }

  const giftAid = date('gift_aid_date');
  const scopeText = text('gift_aid_scope');
  const scope = parseGiftAidScope(scopeText ?? '');
  if (scopeText !== undefined && scope === undefined)
    fail('gift_aid_scope', `Unknown Gift Aid scope "${scopeText}": write "past and future" or "future"`);
  if (giftAid !== undefined && scope !== undefined) {
    if (giftAid > today) fail('gift_aid_date', `The Gift Aid declaration ${giftAid} is in the future`);
    else if (!data.addr_line1 || !data.addr_post)
      fail('gift_aid_date', 'A Gift Aid declaration needs the first line of the address and the postcode');
    else data.gift_aid = { date: giftAid, scope };
  }
  return { data: data as MemberData, errors, emailKey: data.email_key };
}

const paymentKinds: Record<string, PaymentData['kind']> = {
  registration: 'registration',
  joining: 'registration',
  join: 'registration',
  renewal: 'renewal',
  renew: 'renewal',
  membership: 'renewal',
  subscription: 'renewal',
  fee: 'renewal',
  donation: 'donation',
  gift: 'donation',
};

/** Reads a payments row: who paid (by e-mail), when, how much, for what, how. */
export function checkPaymentRow(cells: Cell[], columns: ColumnsOf<PaymentField>, format: DateFormat, date1904: boolean, today: string) {
  const errors: RowError[] = [];
  const fail = (field: PaymentField | null, detail: string) =>
    errors.push({ column: field ? (columns[field]?.header ?? paymentFieldLabels[field]) : null, detail });
  const cellOf = (field: PaymentField) => (columns[field] ? (cells[columns[field].index] ?? { text: '', formula: false }) : undefined);
  const text = (field: PaymentField, required: boolean): string | undefined => {
    if (!columns[field]) {
      if (required) fail(null, `No column is read as the payment's ${paymentFieldLabels[field].toLowerCase()}: choose it in the mapping`);
      return undefined;
    }
    const cell = cellOf(field)!;
    if (cell.formula) {
      fail(field, 'A formula cell: put the value itself in the file');
      return undefined;
    }
    const value = cell.text.trim();
    if (value === '' && required) fail(field, `Missing required field: the ${paymentFieldLabels[field].toLowerCase()}`);
    return value === '' ? undefined : value;
  };

  const email = text('email', true);
  if (email !== undefined && !validEmail.safeParse(email).success) fail('email', `"${email}" is not an e-mail address`);
  const dateText = text('date', true);
  const cell = cellOf('date');
  const date =
    dateText === undefined
      ? undefined
      : cell?.number !== undefined
        ? excelSerialDate(cell.number, date1904)
        : parseFileDate(dateText, format);
  if (dateText !== undefined && !date) fail('date', `"${dateText}" is not a date`);
  if (date && date > today) fail('date', `The payment date ${date} is in the future`);
  const amountText = text('amount', true);
  const amount = amountText === undefined ? undefined : parsePounds(amountText);
  if (amountText !== undefined && amount === undefined) fail('amount', `"${amountText}" is not an amount in pounds, like 50 or 35.50`);
  const kindText = text('kind', false);
  const kind = kindText === undefined ? 'renewal' : paymentKinds[kindText.toLowerCase()];
  if (kind === undefined) fail('kind', `Unknown kind "${kindText}": write registration, renewal or donation`);
  const method = text('method', false) ?? null;
  if (method && method.length > 60) fail('method', 'At most 60 characters');
  const reference = text('reference', false) ?? null;
  if (reference && reference.length > 100) fail('reference', 'At most 100 characters');
  const data: PaymentData | undefined =
    errors.length === 0 ? { email_key: emailKey(email!), date: date!, amount_pence: amount!, kind: kind!, method, reference } : undefined;
  return { data, errors, emailKey: email && validEmail.safeParse(email).success ? emailKey(email) : undefined };
}

/** A payment's key: its values and how many identical ones came before it in the file, so the same file adds nothing twice. */
export function paymentKey(payment: PaymentData, occurrence: number): string {
  const { email_key, date, amount_pence, kind, reference } = payment;
  return createHash('sha256')
    .update(JSON.stringify([email_key, date, amount_pence, kind, reference ?? '', occurrence]))
    .digest('hex');
}

/** A cell longer than the limit refuses the whole file (nothing written). */
export function overlongCell(cells: Cell[]): number {
  return cells.findIndex((cell) => cell.text.length > IMPORT_LIMITS.maxCellChars);
}
