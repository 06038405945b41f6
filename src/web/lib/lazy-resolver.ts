import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose schema is loaded when the form is first checked, not with the page
 * (decision 221): building zod and a form's schemas takes a phone tens of milliseconds that would
 * otherwise be spent while the page is taken over. `preload` starts loading it early, as the
 * person starts filling the form in; a failed load is tried again at the next check.
 */
export function lazyResolver<T extends FieldValues, C, O>(load: () => Promise<Resolver<T, C, O>>) {
  let loading: Promise<Resolver<T, C, O>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T, C, O> = async (values, context, options) => (await loaded())(values, context, options);
  return { resolver, preload: () => void loaded().catch(() => undefined) };
}
