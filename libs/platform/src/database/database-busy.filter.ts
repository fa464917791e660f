import { Catch, Logger, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { isPoolAcquireTimeout } from './pool.js';
import { SQL_STATE, sqlStateOf } from './sql-state.js';

/** What a caller reads when the database had no time for its request. */
export const DATABASE_BUSY_MESSAGE = 'The service is busy right now. Please try again in a moment.';

/** Seconds a caller is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Answers 503 with `Retry-After` (rather than a bare 500) when a request's query found no free pooled connection
 * in time or ran past `statement_timeout`: both say "busy", not "broken", and both a browser and Stripe's webhook
 * retries should come back. The log line names which bound was hit. Everything else goes to Nest's own handling.
 */
@Catch()
export class DatabaseBusyFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('Database');

  override catch(exception: unknown, host: ArgumentsHost): void {
    const reason = isPoolAcquireTimeout(exception)
      ? 'no pooled connection came free within DATABASE_ACQUIRE_TIMEOUT_MS'
      : sqlStateOf(exception) === SQL_STATE.queryCanceled
        ? 'a statement ran past DATABASE_STATEMENT_TIMEOUT_MS'
        : null;
    if (reason === null || host.getType() !== 'http') return super.catch(exception, host);
    this.logger.warn(`answered 503: ${reason}`);
    void host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ statusCode: 503, message: DATABASE_BUSY_MESSAGE });
  }
}
