/**
 * Finds which site texts a piece of the page shows, from its words: how right-click and the
 * "Edit texts on this page" mode reach texts a component drew with t() as a plain string (a
 * button's label, a message, an aria-label), where no element carries the key.
 */

/** Runs of white space as one space, ends trimmed: how the page shows a text. */
export function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const PLACEHOLDER = /\{[a-z_]+\}/g;

function templatePattern(value: string): RegExp {
  const parts = value.split(PLACEHOLDER).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+?')}$`, 's');
}

export type TextMatcher = {
  /** The keys whose value the text is (a value with {placeholders} matches any filling). */
  match(text: string): string[];
};

/** Every non-empty value is matched: exactly, or as a template when it has {placeholders}. */
export function textMatcher(entries: Iterable<readonly [string, string]>): TextMatcher {
  const exact = new Map<string, string[]>();
  const templates: { key: string; pattern: RegExp }[] = [];
  for (const [key, raw] of entries) {
    const value = normalizeText(raw);
    if (!value) continue;
    if (value.search(PLACEHOLDER) >= 0) {
      // A value that is nothing but a placeholder would match any text at all.
      if (value.replace(PLACEHOLDER, '').trim()) templates.push({ key, pattern: templatePattern(value) });
      continue;
    }
    exact.set(value, [...(exact.get(value) ?? []), key]);
  }
  return {
    match(text) {
      const wanted = normalizeText(text);
      if (!wanted) return [];
      const keys = [...(exact.get(wanted) ?? [])];
      for (const template of templates) if (template.pattern.test(wanted) && !keys.includes(template.key)) keys.push(template.key);
      return keys;
    },
  };
}
