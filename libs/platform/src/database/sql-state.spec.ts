import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { SQL_STATE, sqlStateOf } from './sql-state.js';

describe('sqlStateOf', () => {
  it("reads the SQLSTATE of a failed statement from TypeORM's driverError", () => {
    const failed = new QueryFailedError('insert …', [], Object.assign(new Error('fk'), { code: SQL_STATE.foreignKeyViolation }));
    expect(sqlStateOf(failed)).toBe('23503');
  });

  it('is undefined for any other error', () => {
    expect(sqlStateOf(Object.assign(new Error('not a query'), { code: '23503' }))).toBeUndefined();
    expect(sqlStateOf(new QueryFailedError('select 1', [], new Error('no code')))).toBeUndefined();
    expect(sqlStateOf('23503')).toBeUndefined();
  });
});
