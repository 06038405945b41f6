import type { TextEntry } from '../../../shared/api/site-text';
import { normalizeText } from '../../lib/text-matcher';

/** Case, spacing and the key's "." "_" "-" aside: "sign in" finds "Sign in", "signin.title" and "nav.sign_in". */
const folded = (text: string) => normalizeText(text.replace(/[._-]+/g, ' ')).toLocaleLowerCase('en-GB');

/** Whether the Texts page shows an entry for a search: in its key, value, default (in either language) or where it appears. */
export function matchesSearch(entry: TextEntry, search: string): boolean {
  const wanted = folded(search);
  if (!wanted) return true;
  const armenian = entry.hy ? [entry.hy.value, entry.hy.default_value ?? ''] : [];
  return [entry.key, entry.value, entry.default_value ?? '', entry.where, ...armenian].some((field) => folded(field).includes(wanted));
}
