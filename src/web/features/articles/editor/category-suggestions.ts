/** docs/product.md section 5, categories input: pure rules, so they are tested without a browser. */

const fold = (text: string) => text.trim().toLocaleLowerCase('en-GB');

/** The chosen categories with `text` added, unless it is blank or already there (in any case). */
export function addCategory(chosen: string[], text: string): string[] {
  const category = text.trim();
  if (!category || chosen.some((c) => fold(c) === fold(category))) return chosen;
  return [...chosen, category];
}

export type Suggestion = { kind: 'existing'; category: string } | { kind: 'add'; category: string };

/**
 * Suggestions for the typed text: every known category not yet chosen that starts with the text
 * (case-insensitive); and, when no known category matches exactly or partly, an offer to add it.
 */
export function categorySuggestions(all: string[], chosen: string[], typed: string): Suggestion[] {
  const text = fold(typed);
  const taken = new Set(chosen.map(fold));
  const existing: Suggestion[] = all
    .filter((category) => !taken.has(fold(category)) && fold(category).startsWith(text))
    .map((category) => ({ kind: 'existing', category }));
  const anyMatch = text !== '' && all.some((category) => fold(category).includes(text));
  if (text && !anyMatch && !taken.has(text)) existing.push({ kind: 'add', category: typed.trim() });
  return existing;
}

/** Typing a comma adds what comes before it; the rest stays in the input. */
export function splitOnComma(input: string): { complete: string[]; rest: string } {
  const parts = input.split(',');
  return { complete: parts.slice(0, -1), rest: parts[parts.length - 1]! };
}
