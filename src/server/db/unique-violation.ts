/** True for an insert refused by a UNIQUE constraint, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || /UNIQUE constraint failed/.test(error.message);
}
