import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';
import { activeTraceId } from '../tracing/tracing.js';

export const REQUEST_ID_HEADER = 'x-request-id';

interface RequestContext {
  requestId: string;
}

/** Carries the request id through everything a request causes, so every log line and outbound call has it. */
export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** Bytes gathered before a write to stdout: tens of lines per write under load instead of one write per line. */
const LOG_BUFFER_BYTES = 4096;
/** Longest a line waits in the buffer when traffic is light, so a developer still sees it at once. */
const LOG_FLUSH_INTERVAL_MS = 200;

/**
 * Writes to stdout asynchronously and buffered (pino's SonicBoom destination): logging never blocks a request on
 * the terminal or the pipe `npm start` reads. Lines still buffered are written synchronously when the process
 * exits (pino registers that); a crash by SIGKILL loses at most LOG_FLUSH_INTERVAL_MS of lines.
 */
function bufferedStdout(): ReturnType<typeof pino.destination> {
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  let open = true;
  const timer = setInterval(() => {
    if (open) destination.flush();
  }, LOG_FLUSH_INTERVAL_MS);
  timer.unref();
  destination.on('close', () => {
    open = false;
    clearInterval(timer);
  });
  return destination;
}

export function createRootLogger(service: string, level: string): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        // Outside a request (an event handled, a job run) a traced line carries its trace id as the request id.
        const requestId = currentRequestId() ?? activeTraceId();
        return requestId ? { requestId } : {};
      },
    },
    level === 'silent' ? undefined : bufferedStdout(),
  );
}

/** Routes Nest's own logging (bootstrap, exceptions) into the same JSON stream. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
