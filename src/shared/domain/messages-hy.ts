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
  const fixed = FIXED[english];
  if (fixed) return fixed;
  for (const [pattern, write] of PATTERNS) {
    const match = pattern.exec(english);
    if (match) return write(...match.slice(1)) || undefined;
  }
  return undefined;
}
