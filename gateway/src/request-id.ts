import { randomUUID } from 'node:crypto';

const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's x-request-id when it is a plausible id, otherwise a fresh one (a client must not inject log text). */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && ACCEPTABLE_REQUEST_ID.test(value) ? value : randomUUID();
}
