/** The form of an e-mail address used to compare accounts: trimmed and lower-cased. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
