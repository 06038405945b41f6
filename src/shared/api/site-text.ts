import { z } from 'zod';
import { succeededResponse } from './common';
import { defineEndpoints } from './contract';

export const siteTextKey = z.string().regex(/^[a-z0-9_.-]{1,100}$/, 'Keys are 1 to 100 characters of a-z, 0-9, "_", "." and "-"');

export const stringTableEntry = z.object({ key: z.string(), value: z.string() });
export const stringTable = z.array(stringTableEntry);
export type StringTable = z.infer<typeof stringTable>;

export const setStringRequest = z.object({
  key: siteTextKey,
  value: z.string().max(20_000, 'Site text is at most 20,000 characters'),
});
export type SetStringRequest = z.infer<typeof setStringRequest>;

export const siteTextApi = defineEndpoints('site-text', {
  stringTable: {
    method: 'GET',
    path: '/api/string_table_v2',
    summary: 'Every site text as key and value (the browser keeps a copy for the session)',
    // SPEC: a forced refresh adds a timestamp, so no cache along the way answers it.
    query: z.object({ t: z.string().max(30).optional().meta({ description: 'Any value: a cache buster' }) }),
    response: stringTable,
  },
  setString: {
    method: 'POST',
    path: '/api/set_string',
    summary: 'Changes one site text',
    body: { kind: 'json', schema: setStringRequest },
    response: succeededResponse,
  },
});
