/**
 * The messages the forms' schemas give (written in English beside the rules in `src/shared/api`),
 * as an Armenian page shows them (decision 150): the forms a visitor or member fills in. A message
 * without a translation shows as written.
 */

/** What "Enter your …" asks for, in Armenian (the accusative with its article). */
const ASKED: Readonly<Record<string, string>> = {
  'first name': 'անունը',
  'last name': 'ազգանունը',
  address: 'հասցեն',
  'town or city': 'քաղաքը կամ բնակավայրը',
  postcode: 'փոստային ինդեքսը',
  'phone number': 'հեռախոսահամարը',
  'e-mail address': 'էլ. փոստի հասցեն',
  password: 'գաղտնաբառը',
  name: 'անունը',
};

const FIXED: Readonly<Record<string, string>> = {
  'Enter a valid e-mail address': 'Մուտքագրեք վավեր էլ. փոստի հասցե',
  'Enter a year like 2028': 'Մուտքագրեք տարեթիվ, օրինակ՝ 2028',
  'Choose a membership tier': 'Ընտրեք անդամակցության տեսակը',
  'Enter a phone number using digits, spaces and + ( ) -': 'Մուտքագրեք հեռախոսահամարը թվանշաններով, բացատներով և + ( ) - նշաններով',
  'Tick the box or leave it empty': 'Նշեք վանդակը կամ թողեք այն դատարկ',
  'That date does not exist': 'Այդ ամսաթիվը գոյություն չունի',
  'The form contains a NUL character (U+0000)': 'Ձևը պարունակում է NUL նիշ (U+0000)',
};

const PATTERNS: readonly [RegExp, (...groups: string[]) => string][] = [
  [/^Enter your (.+)$/, (what) => (ASKED[what] ? `Մուտքագրեք ձեր ${ASKED[what]}` : '')],
  [/^At most ([\d,]+) characters$/, (n) => `Առավելագույնը ${n} նիշ`],
  [/^Use at least (\d+) characters$/, (n) => `Օգտագործեք առնվազն ${n} նիշ`],
];

/** The Armenian of a form's message, or undefined for one this list does not know. */
export function armenianMessage(english: string): string | undefined {
  const fixed = FIXED[english] ?? BACK_OFFICE[english];
  if (fixed) return fixed;
  for (const [pattern, write] of [...PATTERNS, ...BACK_OFFICE_PATTERNS]) {
    const match = pattern.exec(english);
    if (match) return write(...match.slice(1)) || undefined;
  }
  return undefined;
}

// ---- The back office's forms (decision 190) ----

const BACK_OFFICE: Readonly<Record<string, string>> = {
  'Enter the amount received': 'Մուտքագրեք ստացված գումարը',
  'Enter pounds and pence, e.g. 35.00': 'Մուտքագրեք ֆունտ և պենս, օրինակ՝ 35.00',
  'Enter the amount in whole pence': 'Մուտքագրեք գումարն ամբողջ պենսերով',
  'The amount cannot be negative': 'Գումարը չի կարող բացասական լինել',
  'At most £10,000': 'Առավելագույնը 10 000 £',
  'Say how it was paid, e.g. "Cheque 001234"': 'Նշեք, թե ինչպես է վճարվել, օրինակ՝ «Չեկ 001234»',
  'Enter the name': 'Մուտքագրեք անունը',
  'Choose how it was paid': 'Ընտրեք, թե ինչպես է վճարվել',
  'Enter the amount received, or choose Free': 'Մուտքագրեք ստացված գումարը կամ ընտրեք «Անվճար»',
  'Enter the cheque number': 'Մուտքագրեք չեկի համարը',
  'Enter the transfer’s reference': 'Մուտքագրեք փոխանցման հղման համարը',
  'Enter a subject': 'Մուտքագրեք թեման',
  'Enter the message': 'Մուտքագրեք նամակը',
  "Enter the association's name": 'Մուտքագրեք միության անվանումը',
  'Enter a short name': 'Մուտքագրեք կարճ անվանումը',
  'Enter the button text': 'Մուտքագրեք կոճակի տեքստը',
  'Use a web address starting with https:// (or http://)': 'Մուտքագրեք https://-ով (կամ http://-ով) սկսվող վեբ հասցե',
  'Use the registered number, e.g. 1234567 or SC012345': 'Մուտքագրեք գրանցման համարը, օրինակ՝ 1234567 կամ SC012345',
  'Gift Aid can only be offered by a registered charity: set the charity number first':
    'Gift Aid կարող է առաջարկել միայն գրանցված բարեգործական կազմակերպությունը․ նախ նշեք գրանցման համարը',
  'Choose one of the pages (an article marked "This is a page")': 'Ընտրեք էջերից մեկը («Սա էջ է» նշումով հոդված)',
  'Site text is at most 20,000 characters': 'Կայքի տեքստը առավելագույնը 20 000 նիշ է',
  'Upload an image, or use a web address starting with https:// (or http://)':
    'Վերբեռնեք նկար կամ մուտքագրեք https://-ով (կամ http://-ով) սկսվող վեբ հասցե',
  'Invalid article ID': 'Հոդվածի անվավեր նույնացուցիչ',
  // zod's own word for a value none of a choice's forms accepts.
  'Invalid input': 'Անվավեր արժեք',
};

const BACK_OFFICE_PATTERNS: readonly [RegExp, (...groups: string[]) => string][] = [
  [/^Use a date like (\d{4}-\d{2}-\d{2})$/, (example) => `Մուտքագրեք ամսաթիվ, օրինակ՝ ${example}`],
];
