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

  /** The answer is an HTML page (a proxy's or a gateway's error page), not the server's own JSON. */
  get isHtmlPage(): boolean {
    return isHtml(this.bodyText);
  }
}

/** An OK answer whose body is not JSON: a proxy or a gateway answered with a page of its own. */
export class UnreadableAnswerError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, bodyText: string) {
    super(`${status}: the answer is not JSON`);
    this.name = 'UnreadableAnswerError';
    this.status = status;
    this.bodyText = bodyText;
  }
}

/** An answer that did not come from our services: an HTML error page, or an OK answer that is not JSON. */
export function isForeignAnswer(error: unknown): boolean {
  return error instanceof UnreadableAnswerError || (error instanceof HttpError && error.isHtmlPage);
}

const isHtml = (bodyText: string) => bodyText.trimStart().startsWith('<');

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new HttpError(response.status, response.statusText, bodyText);
}

/**
 * The one place the SPA calls `fetch`. Cookies always travel (the session lives in one). A JSON content type is
 * declared only when there is a JSON body, so bodiless calls stay simple requests; a FormData body (a file upload)
 * leaves the content type to the browser, which must write the multipart boundary itself. Failures are HttpError.
 */
async function send(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const isForm = body instanceof FormData;
  const isJson = body !== undefined && !isForm;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: isJson ? { 'Content-Type': 'application/json' } : undefined,
    body: isForm ? body : isJson ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * The way the SPA talks to the gateway (see `send`). Resolves to the parsed JSON answer, or undefined when the
 * answer has no body.
 */
export async function request<T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await send(method, url, body);
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new UnreadableAnswerError(response.status, text);
  }
}

/** One page of a paged list and the total the server counted (`x-total-count`). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** GET a paged list: the items and the total from its header. A non-array answer counts as an empty list (spec, section 7). */
export async function getPage<T>(url: string): Promise<Page<T>> {
  const response = await send('GET', url);
  const body: unknown = await response.json().catch(() => null);
  const items = Array.isArray(body) ? (body as T[]) : [];
  const header = Number(response.headers.get('x-total-count'));
  return { items, total: Number.isFinite(header) && response.headers.has('x-total-count') ? header : items.length };
}

/** A query string of the non-empty values, or '' when there are none. */
export function toQueryString(params: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The offset of the page after the ones loaded, or undefined once the total is reached (or a page came back empty). */
export function nextOffset<T>(last: Page<T>, pages: Page<T>[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return last.items.length > 0 && loaded < last.total ? loaded : undefined;
}

/**
 * The JSON body of an error answer of the given status, or undefined when the error is something else or its body
 * is empty or not JSON: what each reader of a refusal's details (its message, its fields, its rows) starts from.
 */
export function errorBodyOf(error: unknown, status: number): unknown {
  if (!(error instanceof HttpError) || error.status !== status || !error.bodyText) return undefined;
  try {
    return JSON.parse(error.bodyText) as unknown;
  } catch {
    return undefined;
  }
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
