import { z } from 'zod';

export const siteTextKey = z.string().regex(/^[a-z0-9_.-]{1,100}$/, 'Keys are 1 to 100 characters of a-z, 0-9, "_", "." and "-"');

export const stringTableEntry = z.object({ key: z.string(), value: z.string() });
export const stringTable = z.array(stringTableEntry);
export type StringTable = z.infer<typeof stringTable>;

export const setStringRequest = z.object({
  key: siteTextKey,
  value: z.string().max(20_000, 'Site text is at most 20,000 characters'),
});
export type SetStringRequest = z.infer<typeof setStringRequest>;
