import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** PostgreSQL cannot store U+0000 in text: it refuses the statement, which ended as a 500 before this check. */
export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000)';

/** The text with every control character removed: for names given by someone else (an OpenID provider's claims). */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '');
}

/**
 * Where a parsed body or query holds a string with a NUL: the first such field's path (`a.b.0`), or null. Walks
 * iteratively so a deeply nested body cannot exhaust the stack; bytes are skipped.
 */
export function nulFieldOf(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || 'body';
      continue;
    }
    // Bytes (a raw body) are not text; a query object has no usual prototype, so any other object is walked.
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\u0000')) return childPath;
      pending.push([child, childPath]);
    }
  }
  return null;
}

/** Fastify route config key read by `refuseNulCharacters()`. */
const CLEANS_OWN_TEXT_CONFIG_KEY = 'cleansOwnText';

/**
 * For a route that removes control characters from its text itself (messaging strips them from a message, as
 * its readers never see them), so `refuseNulCharacters()` leaves its NULs to it. Uses `@RouteConfig`, so do not
 * combine it with another `@RouteConfig` (such as `@BodyLimit()`).
 */
export const CleansOwnText = (): MethodDecorator => RouteConfig({ [CLEANS_OWN_TEXT_CONFIG_KEY]: true });

/**
 * Refuses, for every route of a service, a JSON body or query string holding a NUL anywhere: 400 naming the field
 * (`{ errors: { bio: NUL_MESSAGE } }`), before any handler runs. One check here rather than one per text field:
 * reviews, comments, the contact form, brands and profiles all store text in PostgreSQL. A route marked
 * `@CleansOwnText()` is left alone.
 */
export function refuseNulCharacters(fastify: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request of every service, and most have nothing to walk
  // (a GET without a body, a query without `%00`), so it should cost no promise.
  fastify.addHook('preHandler', (request, reply, done) => {
    const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
    if (config?.[CLEANS_OWN_TEXT_CONFIG_KEY] === true) return done();
    // A NUL reaches a parsed query only written as %00 (Node refuses a raw one in the request line).
    const queryField = request.url.includes('%00') ? nulFieldOf(request.query) : null;
    const field = queryField ?? (request.body === undefined ? null : nulFieldOf(request.body));
    if (field === null) return done();
    void reply.code(400).send({ statusCode: 400, message: NUL_MESSAGE, errors: { [field]: NUL_MESSAGE } });
  });
}
