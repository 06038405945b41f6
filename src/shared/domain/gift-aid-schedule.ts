/**
 * What HMRC's Charities Online Gift Aid schedule accepts from a donor's declaration (decision 102
 * records the rules and where they come from). The donate form, the server and the schedule
 * export all check a declaration with these, so nothing HMRC would refuse is written into the
 * schedule: a declaration kept from before is flagged for the admin to correct instead.
 */

export const HMRC_TITLE_MAX = 4;
export const HMRC_NAME_MAX = 35;
export const HMRC_HOUSE_MAX = 40;
/** Rows in one schedule (HMRC's spreadsheet has 1,000 donation lines). */
export const HMRC_SCHEDULE_ROWS = 1000;

/** A title: 2 to 4 letters, apostrophes or hyphens, starting with a letter (Mr, Mrs, Dr, Prof, Rev). */
export const HMRC_TITLE = /^[A-Za-z][A-Za-z'-]{1,3}$/;

/**
 * The characters HMRC keeps: printable ASCII and the Latin-1 letters and signs (U+0020 to U+007E,
 * U+00A1 to U+00FF). HMRC's validator silently drops any other, so an Armenian or Cyrillic name
 * would arrive empty or cut.
 */
const HMRC_CHARACTERS = /^[\u0020-\u007e\u00a1-\u00ff]*$/;

/** A character a spreadsheet takes as the start of a formula; never the start of a real name. */
const FORMULA_START = /^[=+\-@]/;

/** A UK postcode as HMRC writes it: capitals, one space before the inward code (SW1A 1AA, GIR 0AA). */
export const UK_POSTCODE =
  /^(?:GIR 0AA|(?:[A-Z][0-9][0-9]?|[A-Z][A-HJ-Y][0-9][0-9]?|[A-Z][0-9][A-Z]|[A-Z][A-HJ-Y][0-9]?[A-Z]) [0-9][A-Z]{2})$/;

/** What a donor typed, as HMRC writes it: capitals and one space before the last three characters ("sw1a1aa" -> "SW1A 1AA"). */
export function normalisePostcode(text: string): string {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** Spaces as HMRC's validator leaves them: trimmed, runs made one. */
export const collapseSpaces = (text: string) => text.trim().replace(/\s+/g, ' ');

export const GIFT_AID_MESSAGES = {
  title: 'Use a title of 2 to 4 letters (Mr, Mrs, Ms, Dr, Prof, Rev), or leave it empty',
  latin: 'HMRC takes names and addresses in Latin letters only: write it as on your tax records',
  formula: 'Start with a letter or a number',
  name: `At most ${HMRC_NAME_MAX} characters`,
  house: `At most ${HMRC_HOUSE_MAX} characters`,
  postcode: 'Enter a UK postcode such as SW1A 1AA, or tick "I do not live in the UK"',
} as const;

export type ScheduleField = 'title' | 'first_name' | 'last_name' | 'house' | 'postcode';
export type ScheduleProblem = { field: ScheduleField; detail: string };

/** Why a name or a house would be refused, if it would (empty is for the caller to refuse). */
function textProblem(text: string, max: number, tooLong: string): string | undefined {
  if (!HMRC_CHARACTERS.test(text)) return GIFT_AID_MESSAGES.latin;
  if (FORMULA_START.test(text)) return GIFT_AID_MESSAGES.formula;
  if (collapseSpaces(text).length > max) return tooLong;
  return undefined;
}

export const titleProblem = (title: string) => (title === '' || HMRC_TITLE.test(title) ? undefined : GIFT_AID_MESSAGES.title);
export const nameProblem = (name: string) => textProblem(name, HMRC_NAME_MAX, GIFT_AID_MESSAGES.name);
export const houseProblem = (house: string) => textProblem(house, HMRC_HOUSE_MAX, GIFT_AID_MESSAGES.house);
export const postcodeProblem = (postcode: string) =>
  UK_POSTCODE.test(normalisePostcode(postcode)) ? undefined : GIFT_AID_MESSAGES.postcode;

export type DeclarationDetails = {
  title: string | null;
  first_name: string;
  last_name: string;
  house: string;
  postcode: string | null;
  non_uk: boolean;
};

/** Everything in a declaration that HMRC's schedule would refuse; empty when its row can be written. */
export function scheduleProblems(d: DeclarationDetails): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  const add = (field: ScheduleField, detail: string | undefined) => {
    if (detail) problems.push({ field, detail });
  };
  add('title', titleProblem(d.title ?? ''));
  add('first_name', d.first_name.trim() ? nameProblem(d.first_name) : 'Enter the first name');
  add('last_name', d.last_name.trim() ? nameProblem(d.last_name) : 'Enter the last name');
  add('house', d.house.trim() ? houseProblem(d.house) : 'Enter the house name or number');
  if (!d.non_uk) add('postcode', postcodeProblem(d.postcode ?? ''));
  return problems;
}

/**
 * A declaration's cells in the schedule, for one with no problems: a double-barrelled last name
 * with a space for the hyphen (HMRC's guidance), "X" as the postcode of a donor abroad.
 */
export function scheduleDonor(d: DeclarationDetails): {
  title: string;
  first_name: string;
  last_name: string;
  house: string;
  postcode: string;
} {
  return {
    title: d.title ?? '',
    first_name: collapseSpaces(d.first_name),
    last_name: collapseSpaces(d.last_name.replace(/-/g, ' ')),
    house: collapseSpaces(d.house),
    postcode: d.non_uk ? 'X' : normalisePostcode(d.postcode ?? ''),
  };
}

/**
 * Whether a standing declaration covers a donation completed at `completedAt` (ISO instants):
 * from its date on, and with "past and future" the four years before it too (HMRC's rule).
 */
export function declarationCovers(declaration: { declared_at: string; past_and_future: number }, completedAt: string): boolean {
  const from = new Date(declaration.declared_at);
  if (declaration.past_and_future) from.setUTCFullYear(from.getUTCFullYear() - 4);
  return new Date(completedAt) >= from;
}
