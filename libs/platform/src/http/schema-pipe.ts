import { BadRequestException, Body, Query, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Field-level messages from zod's issues: `{ field: first message }`, nested fields as `a.b`, a list item as
 * `photos.0`. An unknown field (a strict object's `unrecognized_keys`) is reported under its own name with the
 * message the class-validator pipe used to give, so answers did not change when services moved to schemas.
 */
export function fieldErrorsOfIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const parent = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[parent ? `${parent}.${key}` : key] ??= `property ${key} should not exist`;
      continue;
    }
    fields[parent || 'body'] ??= issue.message;
  }
  return fields;
}

export interface SchemaPipeOptions {
  /**
   * The answer's `message`; by default every field's message, joined, for a toast. A function makes it from the
   * field messages (`firstFieldMessage`: only the first problem, as messaging's routes answer).
   */
  message?: string | ((errors: Record<string, string>) => string);
}

/**
 * The one way a service reads input: a zod schema (exported by `@hunted/contracts`, so the web form checks the
 * same rules) parses the body or query; a 400 names each bad field (`errors`) and `message` says it for a toast.
 * The parsed value (defaults filled, text trimmed where the schema says so, unknown fields stripped or refused)
 * is what the handler gets.
 */
export class SchemaPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.output<Schema>> {
  constructor(
    private readonly schema: Schema,
    private readonly options: SchemaPipeOptions = {},
  ) {}

  transform(value: unknown): z.output<Schema> {
    return parsedOrBadRequest(this.schema, value, this.options);
  }
}

/**
 * What the pipe does, for input whose schema depends on what the service loads first (a hunter's availability is
 * checked against today on the hunter's own clock): the parsed value, or the same 400 the pipe answers.
 */
export function parsedOrBadRequest<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  options: SchemaPipeOptions = {},
): z.output<Schema> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = fieldErrorsOfIssues(result.error.issues);
  const { message: given } = options;
  const message = typeof given === 'function' ? given(errors) : (given ?? Object.values(errors).join('. '));
  throw new BadRequestException({ statusCode: 400, message, errors });
}

/** A `message` option: the first field's message alone. */
export const firstFieldMessage = (errors: Record<string, string>): string => Object.values(errors)[0] ?? '';

/** `@ValidBody(schema) body: z.output<typeof schema>`: the request body, parsed by `schema`. */
export const ValidBody = (schema: z.ZodType, options?: SchemaPipeOptions): ParameterDecorator =>
  Body(new SchemaPipe(schema, options));

/** `@ValidQuery(schema) query: z.output<typeof schema>`: the query string, parsed by `schema`. */
export const ValidQuery = (schema: z.ZodType, options?: SchemaPipeOptions): ParameterDecorator =>
  Query(new SchemaPipe(schema, options));
