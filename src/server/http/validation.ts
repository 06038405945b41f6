import type { z } from 'zod';
import { HttpError } from './errors';

/** A 400 whose body names the field at fault: `{ detail: "key: ...", field: "key" }`. */
export class ValidationError extends HttpError {
  constructor(
    detail: string,
    readonly field: string | undefined,
  ) {
    super(400, detail);
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const part of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new ValidationError(`Invalid ${what}`, undefined);
  const field = issue.path.map(String).join('.') || undefined;
  if (!field) throw new ValidationError(`Invalid ${what}: ${issue.message}`, undefined);
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) {
    throw new ValidationError(`${field} is required`, field);
  }
  throw new ValidationError(`${field}: ${issue.message}`, field);
}
