import { errorBodyOf, HttpError, serverMessage } from './api-client';

/**
 * The per-field messages of a 400 answer (`{ statusCode, message, errors: { field: message } }`), or null when
 * the error carries none. Forms show them beside the fields they name.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  const parsed = errorBodyOf(error, 400);
  if (!parsed || typeof parsed !== 'object' || !('errors' in parsed)) return null;
  const errors = (parsed as { errors: unknown }).errors;
  if (!errors || typeof errors !== 'object') return null;
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) if (typeof message === 'string') result[field] = message;
  return Object.keys(result).length > 0 ? result : null;
}

/**
 * The `message` of any error answer (Nest's `{ message }`), or null for a network failure, an empty body or an
 * HTML error page (a proxy's, not ours: not worth showing).
 */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.isHtmlPage) return null;
  return serverMessage(error, error.status);
}

/** The messages of `errors` that name one of a form's `fields`: the ones it can show beside a field. */
export function messagesForFields<F extends string>(
  errors: Record<string, string>,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const known: Partial<Record<F, string>> = {};
  for (const [field, message] of Object.entries(errors)) {
    if ((fields as readonly string[]).includes(field)) known[field as F] = message;
  }
  return known;
}
