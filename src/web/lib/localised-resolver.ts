import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { Language } from '../../shared/domain/language';

/** The keys of a field's error that are not the errors of fields inside it. */
const OWN_KEYS = new Set(['type', 'types', 'message', 'ref']);

/**
 * An error tree with every message in Armenian where it has one: the errors of fields inside an
 * object (the Armenian tab's `hy.title`) or a list are translated as the top-level ones are.
 */
function translated(error: unknown, armenianMessage: (english: string) => string | undefined): unknown {
  if (Array.isArray(error)) return error.map((each) => translated(each, armenianMessage));
  if (!error || typeof error !== 'object') return error;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' && typeof value === 'string') out[key] = armenianMessage(value) ?? value;
    else out[key] = OWN_KEYS.has(key) ? value : translated(value, armenianMessage);
  }
  return out;
}

/**
 * A form's resolver whose messages follow the page's language (decision 150): an Armenian page
 * shows them in Armenian. The Armenian messages load with the first check on an Armenian page,
 * never with an English one (decision 221).
 */
export function localisedResolver<T extends FieldValues, C, O>(resolver: Resolver<T, C, O>, language: Language): Resolver<T, C, O> {
  if (language === 'en') return resolver;
  return async (values, context, options) => {
    const [result, { armenianMessage }] = await Promise.all([
      resolver(values, context, options),
      import('../../shared/domain/messages-hy'),
    ]);
    return { ...result, errors: translated(result.errors, armenianMessage) as FieldErrors<T> } as Awaited<ReturnType<Resolver<T, C, O>>>;
  };
}
