import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, PageQueryDto, pageOf } from './paging.js';

function errorsOf(query: Record<string, string>): Record<string, string[]> {
  const errors = validateSync(plainToInstance(PageQueryDto, query));
  return Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})]));
}

describe('PageQueryDto', () => {
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
