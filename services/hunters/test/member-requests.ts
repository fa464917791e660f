import { testIdentityHeaders } from '@hunted/platform/testing';

/** A member as the gateway vouches for them: `id` is their user id. */
export const member = (id: string) => ({ id, email: `${id}@hunted.test`, firstName: null, lastName: null, isAdmin: false });

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A request to the hunters app at `base` as member `as` (null: a guest), signed as the gateway signs it, or with the
 * `identity` headers given (an admin's); a body is sent as JSON, and a JSON answer is parsed (any other is its text).
 */
export async function sendAs<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  as: string | null,
  body?: unknown,
  identity?: Record<string, string>,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(identity ?? (as ? await testIdentityHeaders(member(as), 'hunters') : {})) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, body: (json && text ? JSON.parse(text) : text) as T, headers: response.headers };
}
