import { BadRequestException } from '@nestjs/common';
import { searchQueryOf } from '../database/search-query.js';
import { MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, type Page } from './paging.js';

/** The SPA's filter state uses 'all' for "no filter"; blank is the same. */
export const NO_FILTER_VALUES: ReadonlySet<string> = new Set(['', 'all']);

const MAX_SEARCH_LENGTH = 200;

/**
 * Reads a hand-parsed list query (filters from fixed lists, a search box, paging) and collects every problem, so
 * one 400 names each bad parameter at once. Unknown parameters are ignored; a value in `noFilter` means no filter.
 */
export class ListQueryReader {
  private readonly errors: Record<string, string> = {};

  constructor(
    private readonly query: Record<string, unknown>,
    private readonly noFilter: ReadonlySet<string> = NO_FILTER_VALUES,
  ) {}

  /** The trimmed value, undefined when absent or "no filter"; given twice is an error. */
  text(key: string): string | undefined {
    const value = this.query[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return this.fail(key, `${key} may be given only once`);
    const trimmed = value.trim();
    return this.noFilter.has(trimmed.toLowerCase()) ? undefined : trimmed;
  }

  oneOf<T extends string>(key: string, list: readonly T[]): T | undefined {
    const value = this.text(key);
    if (value === undefined) return undefined;
    if (!(list as readonly string[]).includes(value)) return this.fail(key, `${key} must be one of: ${list.join(', ')}`);
    return value as T;
  }

  integer(key: string, min: number, max: number): number | undefined {
    const value = this.text(key);
    if (value === undefined) return undefined;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) return this.fail(key, `${key} must be a whole number from ${min} to ${max}`);
    return n;
  }

  /** The search box as a tsquery (every word a prefix), at most 200 characters. */
  search(key = 'search'): string | undefined {
    const value = this.text(key);
    if (value === undefined) return undefined;
    if (value.length > MAX_SEARCH_LENGTH) return this.fail(key, `${key} must be at most ${MAX_SEARCH_LENGTH} characters`);
    return searchQueryOf(value);
  }

  /** `limit`/`offset` within the platform's caps; null when neither is given (the whole list). */
  paging(defaultLimit: number): Page | null {
    const limit = this.integer('limit', 1, MAX_PAGE_LIMIT);
    const offset = this.integer('offset', 0, MAX_PAGE_OFFSET);
    if (limit === undefined && offset === undefined) return null;
    return { limit: limit ?? defaultLimit, offset: offset ?? 0 };
  }

  /** Records a problem with `key`; returns undefined so a reader can `return reader.fail(…)`. */
  fail(key: string, message: string): undefined {
    this.errors[key] = message;
    return undefined;
  }

  /** Throws the 400 naming every problem found, if any. */
  done(): void {
    if (Object.keys(this.errors).length) {
      throw new BadRequestException({ statusCode: 400, message: Object.values(this.errors).join('. '), errors: this.errors });
    }
  }
}

/** The object without its undefined fields: absent filters stay absent. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
