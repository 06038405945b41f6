import { z } from 'zod';

/** Every API error answers with this body and a 4xx/5xx status. */
export const errorResponse = z.object({ detail: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const succeededResponse = z.object({ succeeded: z.boolean() });
export type SucceededResponse = z.infer<typeof succeededResponse>;
