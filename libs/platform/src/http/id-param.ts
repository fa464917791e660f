import { createParamDecorator, NotFoundException, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';

/** The largest id a PostgreSQL `serial` (int4) column holds. */
export const MAX_SERIAL_ID = 2_147_483_647;

/**
 * A positive integer id written the one way an id is written: digits without a leading zero, within the serial
 * range. Anything else ('0', '-1', '01', '1.5', '1e3', '0x10', ' 7', '2147483648') is null: it names nothing.
 */
export function positiveIntOf(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_SERIAL_ID ? id : null;
}

/**
 * A path id that cannot be one names nothing, so it is answered exactly as a missing row is: 404 with the
 * resource's own message ('Brand not found'). Takes the text as it came in the path; see IdParam.
 */
export class PositiveIntPipe implements PipeTransform<unknown, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: unknown): number {
    const id = typeof value === 'string' ? positiveIntOf(value) : null;
    if (id === null) throw new NotFoundException(this.notFoundMessage);
    return id;
  }
}

/**
 * The path parameter read as an id as it is taken from the request: a custom decorator. Checked here rather than in a pipe because the parameters' pipes settle in no fixed
 * order: a body's or query's schema (a 400) could otherwise answer before the path names nothing (a 404).
 */
const PathId = createParamDecorator(
  ({ name, notFoundMessage }: { name: string; notFoundMessage: string }, context: ExecutionContext): number => {
    const request = context.switchToHttp().getRequest<{ params?: Record<string, unknown> }>();
    return new PositiveIntPipe(notFoundMessage).transform(request.params?.[name]);
  },
);

/**
 * A positive integer id from the path, or 404 with `notFoundMessage`: `@IdParam('id', BRAND_NOT_FOUND) id: number`.
 *
 * Use this rather than `@Param(name, pipe)`: the id is checked as written ('01', '1e3' or '0x10' name nothing), and a
 * bad id is a 404 even when the body or query would be refused too.
 */
export function IdParam(name: string, notFoundMessage: string): ParameterDecorator {
  return PathId({ name, notFoundMessage });
}

/**
 * A serial id sent in a body (`{ "hunterId": 7 }`), for a zod schema: a whole number from 1 to MAX_SERIAL_ID, else
 * the one message `must be <what> (a whole number from 1 to 2147483647)`. Without the upper bound a larger number
 * reaches PostgreSQL, which refuses it as an int4 and the request ends in a 500.
 */
export function serialIdSchema(what: string) {
  const error = `must be ${what} (a whole number from 1 to ${MAX_SERIAL_ID})`;
  return z.number({ error }).int({ error }).min(1, { error }).max(MAX_SERIAL_ID, { error });
}
