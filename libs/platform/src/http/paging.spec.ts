import { describe, expect, it } from 'vitest';
import { MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, pageOf, pageQuerySchema } from './paging.js';

/** Each bad parameter with its messages, as the schema reads a query string. */
function errorsOf(query: Record<string, string>): Record<string, string[]> {
  const result = pageQuerySchema.safeParse(query);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

describe('pageQuerySchema', () => {
  it('accepts the bounds themselves', () => {
    expect(errorsOf({ limit: String(MAX_PAGE_LIMIT), offset: String(MAX_PAGE_OFFSET) })).toEqual({});
    expect(errorsOf({})).toEqual({});
  });

  it('names the parameter and its bound beyond the caps', () => {
    expect(errorsOf({ limit: '101' })).toEqual({ limit: ['limit must be at most 100'] });
    expect(errorsOf({ offset: '10001' })).toEqual({ offset: ['offset must be at most 10000'] });
    expect(errorsOf({ limit: '0', offset: '-1' })).toEqual({
      limit: ['limit must be at least 1'],
      offset: ['offset must be 0 or more'],
    });
    expect(errorsOf({ limit: 'ten' }).limit).toContain('limit must be a whole number');
  });
});

describe('pageOf', () => {
  it('is null without paging, else fills in the default limit and offset 0', () => {
    expect(pageOf({})).toBeNull();
    expect(pageOf({ offset: 40 }, 25)).toEqual({ limit: 25, offset: 40 });
    expect(pageOf({ limit: 5 })).toEqual({ limit: 5, offset: 0 });
  });
});
