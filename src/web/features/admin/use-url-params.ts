import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_PAGE_SIZE_DEFAULT } from '../../../shared/api/admin';

export type ParamPatch<K extends string> = Partial<Record<K, string | number | null>>;

/**
 * A list's filters, sort and page, kept in the URL's query string so that reload, back and
 * forward and a shared link all show the same list. Values are strings; '' means "not set".
 * `names` must be a constant (it is a dependency of the returned values).
 */
export function useUrlParams<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(
    () => Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<K, string>,
    [params, names],
  );
  /** Sets the given values (empty ones are removed); `replace` avoids a history entry per keystroke. */
  const update = useCallback(
    (patch: ParamPatch<K>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          // A new filter, sort or page number starts from there: a cursor of the old list no longer applies.
          if ('page' in patch && !('after' in patch) && !('before' in patch)) {
            next.delete('after');
            next.delete('before');
          }
          for (const name of Object.keys(patch) as K[]) {
            const value = patch[name];
            if (value === null || value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );
  return [values, update] as const;
}

export const PAGE_SIZES = [25, 50, 100] as const;

/** A page number from the URL; anything but a whole number from 1 is page 1. */
export function pageParam(value: string): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function pageSizeParam(value: string): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : ADMIN_PAGE_SIZE_DEFAULT;
}

/** The value when it is one of `allowed`, else undefined (a hand-edited URL never reaches the API). */
export function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The page next to this one by keyset (decision 094): the server's cursor for it. */
export type PageCursor = { after?: string; before?: string };

/** The URL change for a new page or page size; the defaults are left out of the URL. */
export function pageChange(
  page: number,
  pageSize: number,
  cursor: PageCursor = {},
): { page: number | null; page_size: number | null; after: string | null; before: string | null } {
  return {
    page: page === 1 ? null : page,
    page_size: pageSize === ADMIN_PAGE_SIZE_DEFAULT ? null : pageSize,
    after: page === 1 ? null : (cursor.after ?? null),
    before: page === 1 ? null : (cursor.before ?? null),
  };
}

/** The cursor in the URL, for the list's query (empty is none). */
export function cursorParams(params: { after: string; before: string }): PageCursor {
  return { after: params.after || undefined, before: params.before || undefined };
}
