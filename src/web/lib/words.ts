import type { Language } from '../../shared/domain/language';
import { useLanguage } from './language';

/**
 * Words of the back office and the editors, written in code in both languages (decision 190).
 * Unlike site texts they are not edited by admins; the type makes every English word need its
 * Armenian, so a missing translation fails the typecheck rather than showing English.
 */
/**
 * A word, a word that takes values (a function), or the labels of a set of codes (a status, a
 * kind), whose Armenian table must name the same codes.
 */
type WordValue = string | ((...args: never[]) => string) | Readonly<Record<string, string>>;
export type Words<T extends Record<string, WordValue>> = Readonly<Record<Language, T>>;

export function defineWords<T extends Record<string, WordValue>>(en: T, hy: NoInfer<T>): Words<T> {
  return { en, hy };
}

/** The words in the language of the page being drawn. */
export function useWords<T extends Record<string, WordValue>>(words: Words<T>): T {
  return words[useLanguage()];
}
