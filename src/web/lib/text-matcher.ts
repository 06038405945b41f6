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
  /**
   * The keys whose value the text is (a value with {placeholders} matches any filling); failing
   * that, a text composed of one value and figures ("Pay £50.00", "Donate £40.00"), and for an
   * attribute, one value and a name after ": " or in brackets ("Cancel declaration: Ani").
   */
  match(text: string, options?: { attribute?: boolean }): string[];
};

/** No letters in any script: an amount, a count, a date in figures. */
const FIGURES_ONLY = /^[^\p{L}]+$/u;

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
  function composed(wanted: string, attribute: boolean): string[] {
    const keys: string[] = [];
    for (const [value, valueKeys] of exact) {
      if (wanted.length <= value.length) continue;
      const rest = wanted.startsWith(`${value} `)
        ? wanted.slice(value.length + 1)
        : wanted.endsWith(` ${value}`)
          ? wanted.slice(0, -value.length - 1)
          : null;
      const labelled = attribute && (wanted.startsWith(`${value}: `) || wanted.startsWith(`${value} (`));
      if ((rest !== null && FIGURES_ONLY.test(rest)) || labelled) keys.push(...valueKeys);
    }
    return keys;
  }

  return {
    match(text, options = {}) {
      const wanted = normalizeText(text);
      if (!wanted) return [];
      const keys = [...(exact.get(wanted) ?? [])];
      for (const template of templates) if (template.pattern.test(wanted) && !keys.includes(template.key)) keys.push(template.key);
      return keys.length ? keys : composed(wanted, options.attribute ?? false);
    },
  };
}
