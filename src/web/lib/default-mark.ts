/** The built-in mark: an emblem without words, so a renamed association never shows an old name. */
export const DEFAULT_MARK = '/mark.svg';
