import { z } from 'zod';

/**
 * Query parameters of the public lists (the directory's, the marketplace's, the sitemap's), as schemas: each is absent
 * or given once, trimmed, and 'all' or blank (any case) means no filter, as the SPA's filter state sends it (a list
 * may add words of its own, `{ noFilter }`). A list's schema is a `z.object` of these, so unknown parameters are
 * ignored; each 400 names its parameter.
 */
export const NO_FILTER_VALUES: ReadonlySet<string> = new Set(['', 'all']);

/** The longest search box text a list takes. */
export const MAX_LIST_SEARCH_LENGTH = 200;

/** What a parameter's reader makes of its text: a value, or the parameter's message. */
export type ListRead<T> = { value: T } | { error: string };

export interface ListParameterOptions {
  /** The values (lower case, trimmed) that mean "no filter"; NO_FILTER_VALUES unless told. */
  noFilter?: ReadonlySet<string>;
}

/** One parameter: undefined when absent or "no filter", else what `read` makes of its trimmed text. */
export function listParameter<T>(key: string, read: (text: string) => ListRead<T>, options: ListParameterOptions = {}) {
  const noFilter = options.noFilter ?? NO_FILTER_VALUES;
  return z
    .unknown()
    .transform((value, ctx): T | undefined => {
      if (typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', message: `${key} may be given only once` });
        return z.NEVER;
      }
      const text = value.trim();
      if (noFilter.has(text.toLowerCase())) return undefined;
      const result = read(text);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.value;
    })
    .optional();
}

/** A filter from a fixed list (`location must be one of: UK, France, …`). */
export function listFilterOneOf<T extends string>(key: string, list: readonly T[], options?: ListParameterOptions) {
  return listParameter(
    key,
    (text): ListRead<T> =>
      (list as readonly string[]).includes(text)
        ? { value: text as T }
        : { error: `${key} must be one of: ${list.join(', ')}` },
    options,
  );
}

/** A whole number from `min` to `max` (paging). */
export function listWholeNumber(key: string, min: number, max: number, options?: ListParameterOptions) {
  return listParameter(
    key,
    (text): ListRead<number> => {
      const n = /^\d+$/.test(text) ? Number(text) : NaN;
      return Number.isInteger(n) && n >= min && n <= max
        ? { value: n }
        : { error: `${key} must be a whole number from ${min} to ${max}` };
    },
    options,
  );
}

/** The search box's text, at most 200 characters (the service turns it into its search query). */
export function listSearch(key = 'search', options?: ListParameterOptions) {
  return listParameter(
    key,
    (text): ListRead<string> =>
      text.length > MAX_LIST_SEARCH_LENGTH
        ? { error: `${key} must be at most ${MAX_LIST_SEARCH_LENGTH} characters` }
        : { value: text },
    options,
  );
}
