import type { z } from 'zod';

/** JSON kept in browser storage, if it still fits the schema; anything else counts as absent. */
export function parseStoredJson<T>(schema: z.ZodType<T>, raw: string | null): T | undefined {
  if (!raw) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
