/** SPEC: an article's date is treated as UTC and shown as a numeric date (dd/mm/yyyy). */
const numeric = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

export function formatArticleDate(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? '' : numeric.format(date);
}

/** The date field's value (YYYY-MM-DD) of a stored instant. */
export function toDateInput(instant: string): string {
  return instant.slice(0, 10);
}

/** Today's date, for a new article, as the date field holds it. */
export function todayInput(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
