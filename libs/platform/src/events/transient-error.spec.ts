import { describe, expect, it } from 'vitest';
import { QueryFailedError } from 'typeorm';
import { backoffMs, jitteredBackoffMs } from './backoff.js';
import { isTransientError } from './transient-error.js';

function withCode(code: string, message = `failed with ${code}`): Error {
  return Object.assign(new Error(message), { code });
}

/** What TypeORM throws for a failed statement: the pg error as driverError. */
function queryFailed(driverError: Error): QueryFailedError {
  return new QueryFailedError('insert into inbox …', [], driverError);
}

describe('isTransientError', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])('takes the socket error %s as transient', (code) => {
    expect(isTransientError(withCode(code))).toBe(true);
  });

  it.each(['08000', '08003', '08006', '08001', '53100', '53300', '57P01', '57P02', '57P03', '40001', '40P01'])(
    'takes PostgreSQL SQLSTATE %s as transient, also inside a QueryFailedError',
    (code) => {
      expect(isTransientError(withCode(code))).toBe(true);
      expect(isTransientError(queryFailed(withCode(code)))).toBe(true);
    },
  );

  it.each(['23505', '23503', '42P01', '42703', '22P02', '57014', 'P0001'])('takes PostgreSQL SQLSTATE %s (a fault of the statement) as not transient', (code) => {
    expect(isTransientError(withCode(code))).toBe(false);
    expect(isTransientError(queryFailed(withCode(code)))).toBe(false);
  });

  it('recognises pg and pg-pool connection losses, which carry no code', () => {
    expect(isTransientError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientError(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isTransientError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isTransientError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isTransientError(queryFailed(new Error('Connection terminated unexpectedly')))).toBe(true);
  });

  it('recognises Redis being away', () => {
    const maxRetries = new Error('Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.');
    Object.defineProperty(maxRetries, 'name', { value: 'MaxRetriesPerRequestError' });
    expect(isTransientError(maxRetries)).toBe(true);
    expect(isTransientError(new Error('Connection is closed.'))).toBe(true);
    expect(isTransientError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isTransientError(new Error('LOADING Redis is loading the dataset in memory'))).toBe(true);
  });

  it('looks through causes and aggregate errors, and survives a cyclic cause', () => {
    expect(isTransientError(new Error('could not save the replica', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isTransientError(new AggregateError([new Error('x'), withCode('ECONNREFUSED')], 'all attempts failed'))).toBe(true);
    const cyclic = new Error('loop') as Error & { cause?: unknown };
    cyclic.cause = cyclic;
    expect(isTransientError(cyclic)).toBe(false);
  });

  it('takes a handler\'s own error, or anything that is not an error, as not transient', () => {
    expect(isTransientError(new Error('replica rejects user 42'))).toBe(false);
    expect(isTransientError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isTransientError('ECONNREFUSED')).toBe(false);
    expect(isTransientError(undefined)).toBe(false);
    expect(isTransientError(withCode('ERR_INVALID_ARG_TYPE'))).toBe(false);
  });
});

describe('jitteredBackoffMs', () => {
  it('doubles per failure up to the cap and stays between half and all of that wait', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, 200, 5_000))).toEqual([200, 400, 800, 1_600, 3_200, 5_000]);
    expect(jitteredBackoffMs(3, 200, 5_000, () => 0)).toBe(400);
    expect(jitteredBackoffMs(3, 200, 5_000, () => 1)).toBe(800);
    expect(jitteredBackoffMs(40, 200, 5_000, () => 0.5)).toBe(3_750);
    const spread = new Set(Array.from({ length: 50 }, () => jitteredBackoffMs(10, 200, 5_000)));
    expect(spread.size).toBeGreaterThan(10);
    for (const wait of spread) expect(wait).toBeGreaterThanOrEqual(2_500);
  });
});
