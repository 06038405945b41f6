import { groupThousands } from './hy';
import type { Language } from './language';

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
  [/^At most ([\d,]+) characters$/, (n) => `Առավելագույնը ${armenianNumber(n)} նիշ`],
  [/^Use at least (\d+) characters$/, (n) => `Օգտագործեք առնվազն ${n} նիշ`],
];

// ---- The editors' forms (decision 205): articles, events, the committee and newsletters. ----

const EDITORS_FIXED: Readonly<Record<string, string>> = {
  'Enter a title': 'Մուտքագրեք վերնագիրը',
  'Enter a category': 'Մուտքագրեք կատեգորիան',
  'Use a date like 2026-12-05': 'Մուտքագրեք ամսաթիվ, օրինակ՝ 2026-12-05',
  'Use a date and time like 2026-12-05T18:30': 'Մուտքագրեք ամսաթիվ և ժամ, օրինակ՝ 2026-12-05T18:30',
  'Use a date and time like 2026-12-05T09:00:00Z': 'Մուտքագրեք ամսաթիվ և ժամ, օրինակ՝ 2026-12-05T09:00:00Z',
  'Upload an image, or use a web address starting with https:// (or http://)':
    'Վերբեռնեք նկար կամ օգտագործեք https://-ով (կամ http://-ով) սկսվող վեբ հասցե',
  'Use an uploaded image or an http(s) address': 'Օգտագործեք վերբեռնված նկար կամ http(s) հասցե',
  'Use an address starting https:// or http://': 'Օգտագործեք https://-ով կամ http://-ով սկսվող հասցե',
  'Enter a role': 'Մուտքագրեք պաշտոնը',
  'Enter a name': 'Մուտքագրեք անունը',
  'Priority is a whole number': 'Հերթականությունը պետք է լինի ամբողջ թիվ',
  'Enter the price in pence': 'Մուտքագրեք գինը պենսով',
  'Enter the member price in pence': 'Մուտքագրեք անդամների գինը պենսով',
  'Whole pence': 'Մուտքագրեք ամբողջ պենսեր',
  'Not below 0': 'Ոչ պակաս, քան 0',
  'At most £10,000': 'Առավելագույնը 10 000 £',
  'Enter pounds like 12 or 12.50': 'Մուտքագրեք գումարը ֆունտով, օրինակ՝ 12 կամ 12.50',
  'Enter a number of places': 'Մուտքագրեք տեղերի քանակը',
  'A whole number': 'Մուտքագրեք ամբողջ թիվ',
  'Enter CPD hours like 1.5': 'Մուտքագրեք CPD ժամերը, օրինակ՝ 1.5',
  'In quarter hours, like 1.25 or 1.5': 'Քառորդ ժամի ճշտությամբ, օրինակ՝ 1.25 կամ 1.5',
  'Enter a number of days': 'Մուտքագրեք օրերի քանակը',
  'Whole days': 'Մուտքագրեք ամբողջ օրեր',
  'The end is after the start': 'Ավարտը պետք է լինի սկզբից հետո',
  'Booking closes after it opens': 'Ամրագրումը պետք է փակվի բացվելուց հետո',
  'Booking opens before the event': 'Ամրագրումը պետք է բացվի միջոցառումից առաջ',
  'Write the newsletter first: it has no text': 'Նախ գրեք տեղեկագիրը․ այն դեռ տեքստ չունի',
  'Enter a subject': 'Մուտքագրեք թեման',
  'Choose at least one tier': 'Ընտրեք անդամակցության առնվազն մեկ տեսակ',
  'Choose active, expiring or lapsed': 'Ընտրեք՝ գործող, շուտով ավարտվող կամ ժամկետանց',
  'Choose an event': 'Ընտրեք միջոցառում',
  'Choose who the newsletter is for': 'Ընտրեք, թե ում համար է տեղեկագիրը',
  'The content is larger than 1 MB': 'Բովանդակությունը 1 ՄԲ-ից մեծ է',
  'The content is not valid JSON': 'Բովանդակությունը վավեր JSON չէ',
  'The document is nested too deeply': 'Փաստաթուղթը չափազանց խորն է ներդրված',
  'Invalid input: expected int, received number': 'Մուտքագրեք ամբողջ թիվ',
  'Invalid input': 'Անվավեր արժեք',
  // My Profile's own forms.
  'Enter your current password': 'Մուտքագրեք ձեր ներկայիս գաղտնաբառը',
};

/** A number as an Armenian reader writes it: "100000" and "100,000" as "100 000" (decision 150). */
const armenianNumber = (digits: string) => groupThousands(BigInt(digits.replace(/,/g, '')));

const EDITORS_PATTERNS: readonly [RegExp, (...groups: string[]) => string][] = [
  [/^At most ([\d,]+) categories$/, (n) => `Առավելագույնը ${armenianNumber(n)} կատեգորիա`],
  [/^At most ([\d,]+) hours$/, (n) => `Առավելագույնը ${armenianNumber(n)} ժամ`],
  [/^At least ([\d,]+) days?$/, (n) => `Առնվազն ${armenianNumber(n)} օր`],
  [/^At most ([\d,]+) days$/, (n) => `Առավելագույնը ${armenianNumber(n)} օր`],
  [/^At least ([\d,]+) months?$/, (n) => `Առնվազն ${armenianNumber(n)} ամիս`],
  [/^At most ([\d,]+) months$/, (n) => `Առավելագույնը ${armenianNumber(n)} ամիս`],
  [/^The text is longer than ([\d,]+) characters$/, (n) => `Տեքստը ${armenianNumber(n)} նիշից երկար է`],
  [/^Too small: expected number to be >=(-?\d+)$/, (n) => `Ոչ պակաս, քան ${n.startsWith('-') ? n : armenianNumber(n)}`],
  [/^Too big: expected number to be <=(-?\d+)$/, (n) => `Ոչ ավելի, քան ${n.startsWith('-') ? n : armenianNumber(n)}`],
  [
    /^The link on "([\s\S]*)" goes to ([\s\S]*), which is not a web address \(http or https\), mailto or tel: correct it or remove the link$/,
    (text, address) =>
      `«${text}» բառերի հղումը տանում է ${address} հասցեով, որը վեբ հասցե (http կամ https), mailto կամ tel չէ․ ուղղեք կամ հեռացրեք հղումը`,
  ],
];

/** A form's message in the page's language: Armenian where it has one (decision 150). */
export function messageIn(message: string, language: Language): string {
  return language === 'hy' ? (armenianMessage(message) ?? message) : message;
}

/** The Armenian of a form's message, or undefined for one this list does not know. */
export function armenianMessage(english: string): string | undefined {
  const fixed = FIXED[english] ?? PUBLIC_FORMS[english] ?? EDITORS_FIXED[english] ?? BACK_OFFICE[english];
  if (fixed) return fixed;
  for (const [pattern, write] of [...PATTERNS, ...EDITORS_PATTERNS, ...BACK_OFFICE_PATTERNS]) {
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

// ---- The public and members' forms beyond the ones above: donations, monthly gifts, cards, sign-in (decision 195) ----
// Here rather than with the server's refusals (api-messages-hy.ts), so the browser shows them too.

const PUBLIC_FORMS: Readonly<Record<string, string>> = {
  'Enter your house name or number': 'Մուտքագրեք ձեր տան անունը կամ համարը',
  'Enter an amount': 'Մուտքագրեք գումարը',
  'A monthly gift’s Gift Aid declaration covers each of its payments: it must include future donations':
    'Ամսական նվիրատվության Gift Aid հայտարարությունը վերաբերում է դրա բոլոր վճարումներին․ այն պետք է ներառի ապագա նվիրատվությունները',
  'An anonymous donation cannot carry Gift Aid': 'Անանուն նվիրատվությունը չի կարող ունենալ Gift Aid',
  'Enter your name, or tick Anonymous': 'Մուտքագրեք ձեր անունը կամ նշեք «Անանուն»',
  'Enter your postcode, or tick "I do not live in the UK"':
    'Մուտքագրեք ձեր փոստային ինդեքսը կամ նշեք «Ես չեմ ապրում Միացյալ Թագավորությունում»',
  'Enter a UK postcode such as SW1A 1AA, or tick "I do not live in the UK"':
    'Մուտքագրեք Միացյալ Թագավորության փոստային ինդեքս, օրինակ՝ SW1A 1AA, կամ նշեք «Ես չեմ ապրում Միացյալ Թագավորությունում»',
  'Use a title of 2 to 4 letters (Mr, Mrs, Ms, Dr, Prof, Rev), or leave it empty':
    'Օգտագործեք 2-4 տառից բաղկացած կոչում (Mr, Mrs, Ms, Dr, Prof, Rev) կամ թողեք դատարկ',
  'HMRC takes names and addresses in Latin letters only: write it as on your tax records':
    'HMRC-ն ընդունում է անուններ և հասցեներ միայն լատինատառ․ գրեք այնպես, ինչպես ձեր հարկային գրանցումներում է',
  'Start with a letter or a number': 'Սկսեք տառով կամ թվով',
  'Tick the declaration to add Gift Aid': 'Նշեք հայտարարությունը՝ Gift Aid ավելացնելու համար',
  'The largest donation online is £10,000': 'Առցանց ամենամեծ նվիրատվությունը 10 000 £ է',
  'The smallest donation is £1': 'Ամենափոքր նվիրատվությունը 1 £ է',
  'Name the monthly gift': 'Նշեք ամսական նվիրատվությունը',
  'Save a card first': 'Նախ պահպանեք քարտ',
  'Enter a card number': 'Մուտքագրեք քարտի համարը',
  'Enter a month from 1 to 12': 'Մուտքագրեք ամիս 1-ից 12',
  'Enter the expiry month': 'Մուտքագրեք ժամկետի ավարտի ամիսը',
  'Enter the expiry year': 'Մուտքագրեք ժամկետի ավարտի տարին',
  'Enter the code': 'Մուտքագրեք կոդը',
  'Enter the code as shown: digits, or letters and digits':
    'Մուտքագրեք կոդը այնպես, ինչպես ցուցադրված է․ թվանշաններ կամ տառեր և թվանշաններ',
  'Enter your current password': 'Մուտքագրեք ձեր ներկայիս գաղտնաբառը',
  'Enter your password, to confirm it is you': 'Մուտքագրեք ձեր գաղտնաբառը՝ հաստատելու, որ դա դուք եք',
  'Enter your name': 'Մուտքագրեք ձեր անունը',
  'Give the passkey a name': 'Անվանեք գաղտնաբանալին',
  'Say yes or no': 'Պատասխանեք այո կամ ոչ',
  'Say whether automatic renewal is on: true or false': 'Նշեք՝ արդյոք ինքնաշխատ երկարաձգումը միացված է․ true կամ false',
  'The link is incomplete': 'Հղումը թերի է',
  'The link is incomplete: open it from the receipt again': 'Հղումը թերի է․ կրկին բացեք այն անդորրագրից',
  'Choose card, wallet, bank or bacs_debit': 'Ընտրեք card, wallet, bank կամ bacs_debit',
  'Choose complete or cancel': 'Ընտրեք complete կամ cancel',
  'Expected base64url': 'Սպասվում էր base64url',
  'The amount is a whole number of pence': 'Գումարը պենսերի ամբողջ թիվ է',
  "Enter the card's 3 or 4 digit security code": 'Մուտքագրեք քարտի 3 կամ 4 նիշանոց անվտանգության կոդը',
  'Missing record id': 'Բացակայում է գրառման նույնացուցիչը',
};
