import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { Language } from '../../shared/domain/language';
import { armenianMessage } from '../../shared/domain/messages-hy';

/** The keys of a field's error that are not the errors of fields inside it. */
const OWN_KEYS = new Set(['type', 'types', 'message', 'ref']);

/**
 * An error tree with every message in Armenian where it has one: the errors of fields inside an
 * object (the Armenian tab's `hy.title`) or a list are translated as the top-level ones are.
 */
function translated(error: unknown): unknown {
  if (Array.isArray(error)) return error.map(translated);
  if (!error || typeof error !== 'object') return error;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' && typeof value === 'string') out[key] = messageIn(value, 'hy');
    else out[key] = OWN_KEYS.has(key) ? value : translated(value);
  }
  return out;
}

/** A form's message in the page's language: Armenian where it has one (decision 150). */
export function messageIn(message: string, language: Language): string {
  return language === 'hy' ? (armenianMessage(message) ?? message) : message;
}

/** A form's resolver whose messages follow the page's language (decision 150): an Armenian page shows them in Armenian. */
export function localisedResolver<T extends FieldValues, C, O>(resolver: Resolver<T, C, O>, language: Language): Resolver<T, C, O> {
  if (language === 'en') return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    return { ...result, errors: translated(result.errors) as FieldErrors<T> } as Awaited<ReturnType<Resolver<T, C, O>>>;
  };
}
