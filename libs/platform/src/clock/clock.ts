import { Redis } from 'ioredis';
import { closeRedis } from '../redis/redis.js';

/**
 * The time every rule about a session's own time reads (a session has ended, a review window is open, a no-show
 * may be marked, a review request is due). It is the system clock, except in a run started with `TEST_CLOCK=on`
 * (end-to-end tests; production refuses it), where a test moves every service's clock forward together through
 * Redis (`moveTestClock`) instead of waiting hours for a session to end.
 *
 * The offset lives in-process and is read synchronously; `followTestClock` keeps it in step with the shared one.
 */
let offsetMs = 0;
const jumpListeners = new Set<() => void>();

/** Now, as the rules of sessions see it. */
export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

export function nowMs(): number {
  return Date.now() + offsetMs;
}

/** Sets this process's offset (unit tests; `followTestClock` for a running service). Listeners hear a change. */
export function setClockOffset(ms: number): void {
  if (ms === offsetMs) return;
  offsetMs = ms;
  for (const listener of jumpListeners) listener();
}

/** Calls `listener` whenever the clock is moved (the jobs module runs its schedules at once then). */
export function onClockJump(listener: () => void): () => void {
  jumpListeners.add(listener);
  return () => jumpListeners.delete(listener);
}

/** The Redis key and channel of the shared test clock's offset (milliseconds, as text). */
export function testClockKey(redisPrefix: string): string {
  return `${redisPrefix}test-clock:offset`;
}

/**
 * Follows the shared test clock: reads its offset now, then hears every move. Returns a stop function. Only ever
 * called with `TEST_CLOCK=on`.
 */
export async function followTestClock(redisUrl: string, redisPrefix: string): Promise<() => Promise<void>> {
  const key = testClockKey(redisPrefix);
  const reader = new Redis(redisUrl, { connectionName: 'test-clock', maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl, { connectionName: 'test-clock-sub', maxRetriesPerRequest: 2 });
  reader.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === key) setClockOffset(Number(message) || 0);
  });
  await subscriber.subscribe(key);
  setClockOffset(Number(await reader.get(key)) || 0);
  await closeRedis(reader);
  return () => closeRedis(subscriber);
}

/**
 * Moves the shared test clock to `offsetMs` ahead of the system clock (a test's clock control), and answers how
 * many processes heard it.
 */
export async function moveTestClock(redisUrl: string, redisPrefix: string, offset: number): Promise<number> {
  const key = testClockKey(redisPrefix);
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    await client.set(key, String(offset));
    return await client.publish(key, String(offset));
  } finally {
    await closeRedis(client);
  }
}
