/** A non-OK answer. The message follows the spec's format: `${status}: ${body text or status text}`. */
export class HttpError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new HttpError(response.status, response.statusText, bodyText);
}

/**
 * The one way the SPA talks to the gateway. Cookies always travel (the session lives in one), and a
 * JSON content type is declared only when there is a body, so bodiless calls stay simple requests.
 * Resolves to the parsed JSON answer, or undefined when the answer has no body.
 */
export async function request<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The message a server put in an error answer of the given status (Nest answers
 * `{ message: string | string[] }`), or null when the error is something else.
 */
export function serverMessage(error: unknown, status: number): string | null {
  if (!(error instanceof HttpError) || error.status !== status || !error.bodyText) return null;
  try {
    const parsed: unknown = JSON.parse(error.bodyText);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string' && message) return message;
      if (Array.isArray(message) && message.length > 0) return message.map(String).join('. ');
    }
    return null;
  } catch {
    return error.bodyText;
  }
}
