import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Level, Logger } from 'pino';

export interface RequestLogOptions {
  /**
   * Level of a request that succeeded in time: `info` at the edge (the gateway's one access line per request),
   * `debug` in services (the gateway has already written that line; a second and third per hop cost a fifth of the
   * throughput).
   */
  successLevel: Extract<Level, 'info' | 'debug'>;
  /** A request taking at least this long is logged at `warn` whatever the success level. */
  slowRequestMs: number;
  /** Fields of the line beyond method, url, status and time (the gateway names the upstream). */
  fields?: (request: FastifyRequest, reply: FastifyReply) => Record<string, unknown>;
}

/**
 * The level a finished request is logged at: server errors always (`error`), slow requests always (`warn`), client
 * errors and the rest at the success level. Every line carries the request id (Fastify's `reqId`).
 */
export function requestLogLevel(statusCode: number, elapsedMs: number, options: Pick<RequestLogOptions, 'successLevel' | 'slowRequestMs'>): Level {
  if (statusCode >= 500) return 'error';
  if (elapsedMs >= options.slowRequestMs) return 'warn';
  return options.successLevel;
}

/**
 * One line per finished request (hijacked, proxied replies included), at requestLogLevel's level. Fastify's own
 * request logging (a line when a request comes in and another when it completes) must be disabled beside it.
 */
export function logRequests(fastify: FastifyInstance, options: RequestLogOptions): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const responseTime = reply.elapsedTime;
    const level = requestLogLevel(reply.statusCode, responseTime, options);
    // Fastify's request logger is pino's child; the check spares building a line nobody will see.
    if ((request.log as Logger).isLevelEnabled(level)) {
      request.log[level](
        {
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          responseTime: Math.round(responseTime),
          ...options.fields?.(request, reply),
        },
        level === 'warn' ? 'slow request' : 'request completed',
      );
    }
    done();
  });
}
