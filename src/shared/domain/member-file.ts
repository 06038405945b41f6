/**
 * The members file: the columns the back office's export writes and the import reads (decision
 * 110). Exporting from one site and importing into another gives the same people, so the export's
 * headers are listed here once and the import guesses its mapping from them and from the words
 * association spreadsheets commonly use.
 */

/** What a column of a members file can be read as. */
export const memberFields = [
  'title',
  'first_name',
  'last_name',
  'email',
  'role',
  'tier',
  'registered_date',
  'last_renewed_date',
  'expiry_date',
  'phone_no',
  'addr_line1',
  'addr_line2',
  'addr_city',
  'addr_post',
  'workplace',
  'job_title',
  'qualifications',
  'grad_year',
  'news_email',
  'news_email_at',
  'news_email_source',
  'gift_aid_date',
  'gift_aid_scope',
  'note',
] as const;
export type MemberField = (typeof memberFields)[number];

export const memberFieldLabels: Record<MemberField, string> = {
  title: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'E-mail',
  role: 'Role',
  tier: 'Tier',
  registered_date: 'Joined',
  last_renewed_date: 'Last renewed',
  expiry_date: 'Expiry',
  phone_no: 'Phone',
  addr_line1: 'Address line 1',
  addr_line2: 'Address line 2',
  addr_city: 'Town or city',
  addr_post: 'Postcode',
  workplace: 'Workplace',
  job_title: 'Job title',
  qualifications: 'Qualifications',
  grad_year: 'Graduation year',
  news_email: 'News by e-mail',
  news_email_at: 'News consent date',
  news_email_source: 'News consent source',
  gift_aid_date: 'Gift Aid declared',
  gift_aid_scope: 'Gift Aid scope',
  note: 'Note',
};

/**
 * The export's columns in order, each with the field the import reads it as (null: shown for
 * people, not read back: the status follows from the dates). New columns go at the end, so
 * spreadsheets built on the older order keep working.
 */
export const memberExportColumns: readonly { header: string; field: MemberField | null }[] = [
  { header: 'First name', field: 'first_name' },
  { header: 'Last name', field: 'last_name' },
  { header: 'E-mail', field: 'email' },
  { header: 'Role', field: 'role' },
  { header: 'Tier', field: 'tier' },
  { header: 'Member since', field: 'registered_date' },
  { header: 'Current year from', field: 'last_renewed_date' },
  { header: 'Expiry', field: 'expiry_date' },
  { header: 'Status', field: null },
  { header: 'Phone', field: 'phone_no' },
  { header: 'Address line 1', field: 'addr_line1' },
  { header: 'Address line 2', field: 'addr_line2' },
  { header: 'Town or city', field: 'addr_city' },
  { header: 'Postcode', field: 'addr_post' },
  { header: 'Workplace', field: 'workplace' },
  { header: 'Job title', field: 'job_title' },
  { header: 'Qualifications', field: 'qualifications' },
  { header: 'Graduation year', field: 'grad_year' },
  { header: 'Title', field: 'title' },
  { header: 'News by e-mail', field: 'news_email' },
  { header: 'News consent date', field: 'news_email_at' },
  { header: 'News consent source', field: 'news_email_source' },
  { header: 'Gift Aid declared', field: 'gift_aid_date' },
  { header: 'Gift Aid scope', field: 'gift_aid_scope' },
];

/** A header as compared: lower case, letters and digits only ("E-mail address" -> "emailaddress"). */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Common headers of association spreadsheets, by field (compared by headerKey). */
const memberSynonyms: Record<MemberField, string[]> = {
  title: ['title', 'salutation', 'honorific', 'prefix'],
  first_name: ['firstname', 'forename', 'forenames', 'givenname', 'first'],
  last_name: ['lastname', 'surname', 'familyname', 'last'],
  email: ['email', 'emailaddress', 'mail'],
  role: ['role', 'siterole'],
  tier: ['tier', 'membershiptier', 'membershiptype', 'membershipcategory', 'category', 'grade', 'tierindex', 'membership'],
  registered_date: ['membersince', 'joined', 'datejoined', 'joineddate', 'joindate', 'registered', 'registereddate', 'startdate'],
  last_renewed_date: [
    'currentyearfrom',
    'lastrenewed',
    'lastreneweddate',
    'lastrenewal',
    'lastrenewaldate',
    'renewed',
    'renewaldate',
    'lastpaid',
    'datelastpaid',
  ],
  expiry_date: ['expiry', 'expirydate', 'expires', 'expiresdate', 'membershipexpiry', 'renewaldue', 'enddate'],
  phone_no: ['phone', 'phoneno', 'phonenumber', 'telephone', 'tel', 'mobile', 'mobilenumber'],
  addr_line1: ['addressline1', 'address1', 'address', 'street', 'addressline'],
  addr_line2: ['addressline2', 'address2'],
  addr_city: ['townorcity', 'town', 'city', 'towncity', 'posttown'],
  addr_post: ['postcode', 'postalcode', 'zip', 'zipcode'],
  workplace: ['workplace', 'employer', 'hospital', 'organisation', 'organization', 'placeofwork'],
  job_title: ['jobtitle', 'position', 'occupation', 'job'],
  qualifications: ['qualifications', 'qualification', 'degrees'],
  grad_year: ['graduationyear', 'gradyear', 'yearofgraduation', 'expectedgraduation'],
  news_email: ['newsbyemail', 'newsconsent', 'emailconsent', 'marketingconsent', 'newsletter', 'consent', 'optin'],
  news_email_at: ['newsconsentdate', 'consentdate', 'optindate'],
  news_email_source: ['newsconsentsource', 'consentsource', 'optinsource'],
  gift_aid_date: ['giftaiddeclared', 'giftaid', 'giftaiddate', 'giftaiddeclarationdate', 'giftaiddeclaration'],
  gift_aid_scope: ['giftaidscope', 'giftaidcovers'],
  note: ['note', 'notes', 'comment', 'comments'],
};

/** The fields of a payments file (the optional second file of an import). */
export const paymentFields = ['email', 'date', 'amount', 'kind', 'method', 'reference'] as const;
export type PaymentField = (typeof paymentFields)[number];
export const paymentFieldLabels: Record<PaymentField, string> = {
  email: 'E-mail',
  date: 'Date',
  amount: 'Amount',
  kind: 'Kind',
  method: 'Method',
  reference: 'Reference',
};
const paymentSynonyms: Record<PaymentField, string[]> = {
  email: ['email', 'emailaddress', 'member', 'memberemail'],
  date: ['date', 'datepaid', 'paymentdate', 'received', 'datereceived'],
  amount: ['amount', 'amountgbp', 'sum', 'value', 'total'],
  kind: ['kind', 'type', 'paymenttype', 'for'],
  method: ['method', 'paymentmethod', 'paidby', 'how'],
  reference: ['reference', 'ref', 'chequenumber', 'chequeno', 'transactionid'],
};

/**
 * Guesses which column each field is: the first column whose header is one of the field's usual
 * headers. A column is given to one field only; fields found earlier in the list win.
 */
function guess<F extends string>(fields: readonly F[], synonyms: Record<F, string[]>, columns: string[]): Record<F, string | null> {
  const taken = new Set<string>();
  const mapping = {} as Record<F, string | null>;
  for (const field of fields) {
    const found = columns.find((column) => !taken.has(column) && synonyms[field].includes(headerKey(column)));
    mapping[field] = found ?? null;
    if (found) taken.add(found);
  }
  return mapping;
}

export const guessMemberMapping = (columns: string[]) => guess(memberFields, memberSynonyms, columns);
export const guessPaymentMapping = (columns: string[]) => guess(paymentFields, paymentSynonyms, columns);

/** How dates are written in the file: DD/MM/YYYY (UK spreadsheets) or ISO YYYY-MM-DD. */
export const dateFormats = ['dmy', 'iso'] as const;
export type DateFormat = (typeof dateFormats)[number];
export const dateFormatLabels: Record<DateFormat, string> = { dmy: 'DD/MM/YYYY', iso: 'YYYY-MM-DD' };

function realDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2200) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A date as the admin said the file writes it, as YYYY-MM-DD; an ISO date is read in either
 * format (it cannot be mistaken). Undefined when it is no date ("31/02/2024", "2024-13-01").
 */
export function parseFileDate(text: string, format: DateFormat): string | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(value);
  if (iso) return realDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (format !== 'dmy') return undefined;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?)?$/.exec(value);
  return dmy ? realDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1])) : undefined;
}

/** An Excel date (days since 30 December 1899, the 1900 system; 1904 system when the workbook says so). */
export function excelSerialDate(serial: number, date1904 = false): string | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial > 200_000) return undefined;
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

/** Yes or no, as spreadsheets write it; undefined when it is neither. */
export function parseYesNo(text: string): boolean | undefined {
  const key = headerKey(text);
  if (['yes', 'y', 'true', '1', 'agreed', 'optedin', 'optin', 'subscribed', 'on', 'x'].includes(key)) return true;
  if (['no', 'n', 'false', '0', 'declined', 'optedout', 'optout', 'unsubscribed', 'off'].includes(key)) return false;
  return undefined;
}

/** A Gift Aid declaration's scope: the past four years and the future, or from its date on. */
export const giftAidScopes = ['past_and_future', 'future'] as const;
export type GiftAidScope = (typeof giftAidScopes)[number];
export const giftAidScopeLabels: Record<GiftAidScope, string> = {
  past_and_future: 'Past four years and future',
  future: 'From the declaration on',
};

export function parseGiftAidScope(text: string): GiftAidScope | undefined {
  const key = headerKey(text);
  if (key === '' || ['pastandfuture', 'pastfouryearsandfuture', 'past4yearsandfuture', 'all', 'yes', 'enduring'].includes(key))
    return 'past_and_future';
  if (['future', 'futureonly', 'fromthedeclarationon', 'fromnowon', 'fromdeclaration'].includes(key)) return 'future';
  return undefined;
}

/** An amount of money in pounds ("£50", "35.50", "1,200.00") as pence; undefined when it is none. */
export function parsePounds(text: string): number | undefined {
  const value = text.trim().replace(/^£\s*/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return undefined;
  const [pounds, pence = ''] = value.split('.');
  return Number(pounds) * 100 + Number(pence.padEnd(2, '0'));
}
