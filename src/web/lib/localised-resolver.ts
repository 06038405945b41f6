import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { Language } from '../../shared/domain/language';
import { armenianMessage } from '../../shared/domain/messages-hy';

/** A form's resolver whose messages follow the page's language (decision 150): an Armenian page shows them in Armenian. */
export function localisedResolver<T extends FieldValues, C, O>(resolver: Resolver<T, C, O>, language: Language): Resolver<T, C, O> {
  if (language === 'en') return resolver;
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([name, error]) => {
        const message = typeof error?.message === 'string' ? error.message : undefined;
        return [name, message ? { ...error, message: armenianMessage(message) ?? message } : error];
      }),
    ) as FieldErrors<T>;
    return { ...result, errors } as Awaited<ReturnType<Resolver<T, C, O>>>;
  };
}
