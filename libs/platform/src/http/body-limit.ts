import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

/** The request-body ceiling every route of a service gets unless it declares its own with `@BodyLimit()`. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Fastify route config key read by `applyRouteBodyLimits()`. */
const BODY_LIMIT_CONFIG_KEY = 'bodyLimit';

/**
 * A larger (or smaller) body limit for one route. Nest's Fastify adapter passes only `config`, `constraints` and
 * `schema` of a handler on to Fastify, so the limit travels in the route config and `applyRouteBodyLimits()`
 * moves it to the route's own `bodyLimit`. Uses `@RouteConfig`, so do not combine it with another `@RouteConfig`.
 */
export const BodyLimit = (bytes: number): MethodDecorator => {
  if (!Number.isInteger(bytes) || bytes <= 0) throw new Error(`@BodyLimit needs a positive whole number of bytes, not ${bytes}`);
  return RouteConfig({ [BODY_LIMIT_CONFIG_KEY]: bytes });
};

/**
 * Gives each route declaring `@BodyLimit()` its own Fastify `bodyLimit`. Must be added before the routes are
 * registered (Nest registers them in `app.init()`): the server-wide limit stays small, and only the routes that
 * need it read a large body.
 */
export function applyRouteBodyLimits(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as Record<string, unknown> | undefined)?.[BODY_LIMIT_CONFIG_KEY];
    if (typeof limit === 'number') route.bodyLimit = limit;
  });
}
