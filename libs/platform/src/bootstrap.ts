import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { BadRequestException, ValidationPipe, type INestApplication, type ValidationError } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { BaseEnv } from './config/env.js';
import { createRootLogger, PinoNestLogger, REQUEST_ID_HEADER } from './logging/logger.js';

export interface BootstrapOptions {
  name: string;
  config: BaseEnv;
  /** Largest request body accepted, in bytes. */
  bodyLimit?: number;
  /**
   * Runs once the application exists and before it starts listening: the place to register Fastify plugins a
   * service needs (brands registers @fastify/multipart for its CSV upload).
   */
  configure?: (app: NestFastifyApplication) => void | Promise<void>;
}

/**
 * Field-level messages from class-validator's errors: `{ field: first message }`, nested fields as `a.b`.
 * An unknown field is reported under its own name.
 */
export function fieldErrorsOf(errors: ValidationError[], parent = ''): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const first = error.constraints ? Object.values(error.constraints)[0] : undefined;
    if (first) fields[path] = first;
    if (error.children?.length) Object.assign(fields, fieldErrorsOf(error.children, path));
  }
  return fields;
}

/**
 * The validation every service applies: DTOs are whitelists, an unknown field is a 400. The answer names each
 * bad field (`errors`) so a form can show the message beside it, and `message` lists them for a toast.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const fields = fieldErrorsOf(errors);
      return new BadRequestException({ statusCode: 400, message: Object.values(fields).join('. '), errors: fields });
    },
  });
}

/**
 * Graceful shutdown for keep-alive clients: once the server starts closing, every response (including those of
 * requests already in flight) says `Connection: close`, so each connection ends after its last answer. Without
 * it a keep-alive socket that went idle after close() began holds the server open until its keep-alive timeout.
 */
export function closeConnectionsAfterResponseOnShutdown(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onSend', async (request, reply) => {
    if (closing && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
  });
}

/** Creates the Fastify-backed Nest application with the platform's logging, request ids and validation. */
export async function createServiceApp(module: unknown, options: BootstrapOptions): Promise<NestFastifyApplication> {
  const logger = createRootLogger(options.name, options.config.LOG_LEVEL);
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    requestIdHeader: REQUEST_ID_HEADER,
    genReqId: () => randomUUID(),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Let in-flight requests finish on shutdown; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    trustProxy: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  closeConnectionsAfterResponseOnShutdown(fastify);
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await options.configure?.(app);
  return app;
}

/** Starts a service: create, listen on HOST:PORT, and log where. */
export async function bootstrapService(module: unknown, options: BootstrapOptions): Promise<INestApplication> {
  const app = await createServiceApp(module, options);
  await app.listen(options.config.PORT, options.config.HOST);
  return app;
}
