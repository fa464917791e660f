import { testIdentityHeaders } from '@hunted/platform/testing';

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Calls the bookings API as a member (or a guest, `null`), alternating between the instances as the gateway's
 * round-robin does, so every test runs on both replicas. `bases` is read at call time (apps start in beforeAll).
 */
export function alternatingClient(bases: () => readonly string[]) {
  const headerCache = new Map<string, Record<string, string>>();
  let turn = 0;

  async function headers(userId: string): Promise<Record<string, string>> {
    let identity = headerCache.get(userId);
    if (!identity) {
      identity = await testIdentityHeaders(
        { id: userId, email: `${userId}@hunted.test`, firstName: 'Ann', lastName: userId, isAdmin: false },
        'bookings',
      );
      headerCache.set(userId, identity);
    }
    return identity;
  }

  return async function call(userId: string | null, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const all = bases();
    const base = all[turn++ % all.length]!;
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(userId ? await headers(userId) : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
}
