import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  init: RequestInit;
}

/**
 * Replaces the browser's network (the gateway is not part of a unit test) with fixed answers per
 * "METHOD path", recording what the SPA sent.
 */
export function stubFetch(answers: Record<string, () => Response | Promise<Response>>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push({ url, init });
      const answer = answers[`${init.method ?? 'GET'} ${url}`];
      if (!answer) throw new TypeError(`Failed to fetch ${url}`);
      return answer();
    }),
  );
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
