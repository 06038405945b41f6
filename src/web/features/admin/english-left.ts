import type { Words } from '../../lib/words';

/** Stands for a word's values when its fixed text is read: no word writes it. */
const VALUE = '\u0001';
/** What a value that is not a string becomes in a template ("undefined", "NaN"). */
const NOT_TEXT = /undefined|NaN|null/;

/** The fixed text of a word that takes values: the pieces between them, in that language. */
function fixedPieces(word: (...args: never[]) => string): string[] {
  let text: unknown;
  try {
    text = (word as (...args: string[]) => string)(VALUE, VALUE, VALUE, VALUE);
  } catch {
    return [];
  }
  if (typeof text !== 'string') return [];
  return text
    .split(VALUE)
    .flatMap((piece) => piece.split(NOT_TEXT))
    .map((piece) => piece.trim().replace(/^[\s,.;:()–-]+|[\s,.;:()–-]+$/g, ''))
    .filter((piece) => piece.length >= 4 && /[A-Za-z]/.test(piece));
}

type Catalogue = Words<Record<string, string | ((...args: never[]) => string) | Readonly<Record<string, string>>>>;

/**
 * Every English phrase of the catalogues an Armenian page must not show: each word and each label
 * of a code, and the fixed text of each word that takes values. A phrase the Armenian writes the
 * same way ("Gift Aid", "CSV") is left out.
 */
export function englishPhrases(...catalogues: Catalogue[]): string[] {
  const phrases = new Set<string>();
  for (const { en, hy } of catalogues) {
    for (const [key, english] of Object.entries(en)) {
      const armenian = hy[key];
      if (typeof english === 'string') {
        if (english !== armenian) phrases.add(english.trim());
      } else if (typeof english === 'function') {
        const same = new Set(typeof armenian === 'function' ? fixedPieces(armenian) : []);
        for (const piece of fixedPieces(english)) if (!same.has(piece)) phrases.add(piece);
      } else {
        const labels = (armenian ?? {}) as Readonly<Record<string, string>>;
        for (const [code, label] of Object.entries(english)) if (label !== labels[code]) phrases.add(label);
      }
    }
  }
  return [...phrases].filter((phrase) => phrase.length > 1);
}

/** What a reader meets on the page: its text, its title, and the names and hints of its elements. */
function pageWords(root: ParentNode): string {
  const attributes = [...root.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap((element) =>
    ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [document.title, document.body.textContent ?? '', ...attributes].join('\n');
}

/** The phrases found on the page as words of their own (not inside a longer word). */
export function englishLeftOn(root: ParentNode, phrases: readonly string[]): string[] {
  const text = pageWords(root);
  return phrases.filter((phrase) => {
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`(^|[^A-Za-z])${escaped}($|[^A-Za-z])`).test(text);
  });
}
