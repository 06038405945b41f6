/**
 * JSON kept in browser storage, if it still passes `check` (which answers the value, or undefined
 * when it does not fit); anything else counts as absent.
 */
export function parseStoredJson<T>(check: (value: unknown) => T | undefined, raw: string | null): T | undefined {
  if (!raw) return undefined;
  try {
    return check(JSON.parse(raw));
  } catch {
    return undefined;
  }
}
